import type { MiddlewareHandler } from 'hono';

/**
 * An answer given before the request's body was read (a 401 for an expired token on a large push, a 403, a 404, a
 * 400 on the path) says `Connection: close`. @hono/node-server drains an unread body for a moment and then cuts
 * the socket, and a keep-alive client that sent its next request on it lost that request ("other side closed"):
 * a phone pushing a large outbox with an expired token lost its refresh. Closed by the answer itself, the client
 * opens a new socket for the next one.
 */
export function closeOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const length = c.req.header('Content-Length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
    if (hasBody && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
  };
}

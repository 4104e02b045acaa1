// A tiny in-memory stand-in for localStorage and the API, so the session and API client run in node.
import type { SessionUser } from '../../../shared/auth/types';

export class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

export const demoUser: SessionUser = {
  id: 1,
  name: 'Administrador Demo',
  email: 'admin@demo.mx',
  account_id: 1,
  account_name: 'Demo',
  role_id: 1,
  role_name: 'ADMINISTRADOR',
  permissions: ['PRESTAMOS_VER'],
};

export const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** A fetch that records every call and answers through `handler`. */
export function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls, to: (path: string) => calls.filter((c) => c.url.split('?')[0] === path) };
}

/** A promise resolved from outside, to hold a response until the test lets it go. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A token shaped like the server's JWTs: the device reads only its iat and exp. */
export function fakeJwt(name: string, issuedMs: number, lifetimeMs = 15 * 60_000) {
  const payload = Buffer.from(
    JSON.stringify({ sub: name, iat: seconds(issuedMs), exp: seconds(issuedMs + lifetimeMs) }),
  ).toString('base64url');
  return `h.${payload}.${name}`;
}

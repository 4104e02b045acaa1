// A transaction the database cancelled because another one held the same rows (serialization failure,
// deadlock) is nobody's mistake and passes on a retry: 503 with a Spanish message and Retry-After, never 500.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../../server/http/errors';
import { mensajes } from '../../../shared/messages';

const failing = (code: string) => {
  const app = new Hono();
  app.get('/x', () => {
    throw Object.assign(new Error('could not serialize access'), { code });
  });
  app.onError(handleError);
  return app;
};

describe('a transaction cancelled by the database', () => {
  it.each(['40001', '40P01'])('%s answers 503, retry in a second', async (code) => {
    const res = await failing(code).request('/x');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('1');
    expect(await res.json()).toEqual({ error: mensajes.servidorOcupado, code: 'UNAVAILABLE' });
  });
});

describe('a statement past the statement timeout', () => {
  it('answers 503 saying the query took too long, retry in a few seconds', async () => {
    const res = await failing('57014').request('/x');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ error: mensajes.consultaDemasiadoLarga, code: 'UNAVAILABLE' });
  });
});

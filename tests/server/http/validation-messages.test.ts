import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/errors';
import { send, signIn } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

// Found by the security fuzzer (tests/server/security/fuzz.test.ts): a limit written without its own message
// answered valibot's English default ('Invalid length: Expected <=200 but received 100000').
describe('a validation refusal', () => {
  it('is in Spanish even where a schema gives a limit no message of its own', async () => {
    const { token } = await signIn(sql, app);
    const cases: [string, unknown, string][] = [
      ['/api/login', { email: 'alguien@prueba.mx', password: 'x'.repeat(201) }, 'password'],
      ['/api/refresh-token', { refreshToken: 'x'.repeat(501) }, 'refreshToken'],
      [
        '/api/save-loan',
        {
          client_id: 1,
          payment_method_id: 1,
          monto_credito: 3000,
          fecha_inicio: '2026-03-02',
          garantias: ['TV', 'x'.repeat(201)],
        },
        'garantias.1',
      ],
      [
        '/api/sync/push',
        { clientId: crypto.randomUUID(), mutations: [{ id: 1, name: 'x'.repeat(101), args: {} }] },
        'mutations.0.name',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await send(app, 'POST', path, token, body);
      const error = (await res.json()) as ErrorBody;
      expect(res.status, path).toBe(400);
      expect(error.code, path).toBe('VALIDATION');
      expect(error.details?.[field], path).toBe(error.error);
      expect(error.error, path).toMatch(/^Máximo \d+ (caracteres|elementos)$/);
    }
  });
});

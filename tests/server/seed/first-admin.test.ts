// The first administrator (README, production recipe): with SEED_DEMO=false an empty database gets its first
// administrator from ADMIN_EMAIL / ADMIN_PASSWORD, with an account that can lend at once; without them the
// server does not start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql, startEmbeddedPostgres } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { createFirstAdmin, firstAdminFromEnv, firstAdminMessages } from '../../../server/seed/first-admin';
import { postJson, testApp } from '../helpers/test-db';

describe('first administrator from the environment', () => {
  it('is required, and checked with the Users screen rules', () => {
    expect(() => firstAdminFromEnv({})).toThrow(firstAdminMessages.faltan);
    expect(() => firstAdminFromEnv({ ADMIN_EMAIL: 'dueno@negocio.mx' })).toThrow(firstAdminMessages.faltan);
    expect(() => firstAdminFromEnv({ ADMIN_EMAIL: 'no-es-correo', ADMIN_PASSWORD: 'clave123' })).toThrow(
      /ADMIN_EMAIL \/ ADMIN_PASSWORD no son válidos/,
    );
    expect(() => firstAdminFromEnv({ ADMIN_EMAIL: 'dueno@negocio.mx', ADMIN_PASSWORD: 'abc' })).toThrow(
      /no son válidos/,
    );
    expect(
      firstAdminFromEnv({
        ADMIN_EMAIL: ' Dueno@Negocio.MX ',
        ADMIN_PASSWORD: 'clave123',
        ADMIN_ACCOUNT_NAME: 'Créditos Sol',
      }),
    ).toEqual({
      email: 'dueno@negocio.mx',
      password: 'clave123',
      name: 'Administrador',
      accountName: 'Créditos Sol',
    });
  });

  describe('on an empty database', () => {
    let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
    let db: Sql;
    beforeAll(async () => {
      embedded = await startEmbeddedPostgres(null);
      db = connect(embedded.url, { embedded: true });
      await migrate(db);
    }, 60_000);
    afterAll(async () => {
      await db.end();
      await embedded.stop();
    });

    it('creates the account and its administrator once, who signs in and can manage everything', async () => {
      const env = {
        ADMIN_EMAIL: 'dueno@negocio.mx',
        ADMIN_PASSWORD: 'clave123',
        ADMIN_ACCOUNT_NAME: 'Créditos Sol',
      };
      expect(await createFirstAdmin(db, () => firstAdminFromEnv(env))).toBe(true);
      // A database with an account starts without the variables: they are not even read.
      expect(
        await createFirstAdmin(db, () => {
          throw new Error('no debía leerse');
        }),
      ).toBe(false);

      const app = testApp(db);
      const login = await postJson(app, '/api/login', { email: 'dueno@negocio.mx', password: 'clave123' });
      expect(login.status).toBe(200);
      const { token, user } = (await login.json()) as { token: string; user: { permissions: string[] } };
      expect(user.permissions).toContain('CUENTAS_GESTIONAR');
      const auth = { Authorization: `Bearer ${token}` };
      const methods = await app.request('/api/payment-methods', { headers: auth });
      expect(((await methods.json()) as { data: unknown[] }).data).toHaveLength(4);
      const accounts = await app.request('/api/accounts', { headers: auth });
      expect(((await accounts.json()) as { data: { name: string }[] }).data.map((a) => a.name)).toEqual([
        'Créditos Sol',
      ]);
    });
  });
});

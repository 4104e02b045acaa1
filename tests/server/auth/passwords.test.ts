import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  QUICK_PASSWORD_COST,
  verifyPassword,
} from '../../../server/auth/passwords';
import { replacePasswordHash } from '../../../server/auth/queries';
import { connectTestSql, createTenant, postJson, testApp } from '../helpers/test-db';

const sql = connectTestSql();

const storedHash = async (userId: number) =>
  (await sql<{ h: string }[]>`select password_hash as h from users where id = ${userId}`)[0]!.h;

describe('password hashes (scrypt)', () => {
  it('hashes new passwords with N=2^17, r=8, p=1 (OWASP) and records the parameters in the hash', async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('correcta-1');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correcta-1', hash)).toBe(true);
    expect(await verifyPassword('incorrecta', hash)).toBe(false);
  });

  it('still verifies hashes of the former cost (N=2^14)', async () => {
    const old = await hashPassword('correcta-2', QUICK_PASSWORD_COST);
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correcta-2', old)).toBe(true);
    expect(await verifyPassword('incorrecta', old)).toBe(false);
  });

  it('asks for a rehash only below the target cost', async () => {
    const old = await hashPassword('x', QUICK_PASSWORD_COST);
    expect(needsRehash(old, PASSWORD_COST)).toBe(true);
    expect(needsRehash(old, QUICK_PASSWORD_COST)).toBe(false);
    expect(needsRehash(old.replace('$16384$8$1$', '$131072$8$1$'), PASSWORD_COST)).toBe(false);
    expect(needsRehash(old.replace('$16384$8$1$', '$131072$4$1$'), PASSWORD_COST)).toBe(true);
  });

  it('refuses, without throwing, hashes it cannot read or whose parameters are out of bounds', async () => {
    const good = await hashPassword('x', QUICK_PASSWORD_COST);
    const [, , , , salt, hash] = good.split('$');
    for (const stored of [
      '',
      'bcrypt$2b$10$abc',
      `scrypt$16383$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 30}$8$1$${salt}$${hash}`, // would ask for 128 GiB
      `scrypt$16384$0$1$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$abc$8$1$${salt}$${hash}`,
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('login raises an older hash to the current cost', () => {
  it('an N=2^14 hash signs in and is replaced by an N=2^17 one, which then signs in', async () => {
    const tenant = await createTenant(sql); // hashed with QUICK_PASSWORD_COST
    expect(await storedHash(tenant.userId)).toMatch(/^scrypt\$16384\$8\$1\$/);
    // No passwordCost in the config: the production default.
    const app = testApp(sql, { passwordCost: undefined });
    const login = () => postJson(app, '/api/login', { email: tenant.email, password: tenant.password });

    expect((await login()).status).toBe(200);
    const raised = await storedHash(tenant.userId);
    expect(raised).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(tenant.password, raised)).toBe(true);

    expect((await login()).status).toBe(200);
    expect(await storedHash(tenant.userId)).toBe(raised);
  });

  it('a wrong password leaves the old hash alone', async () => {
    const tenant = await createTenant(sql);
    const before = await storedHash(tenant.userId);
    const app = testApp(sql, { passwordCost: undefined });
    const res = await postJson(app, '/api/login', { email: tenant.email, password: 'equivocada' });
    expect(res.status).toBe(401);
    expect(await storedHash(tenant.userId)).toBe(before);
  });

  it('the rewrite never overwrites a password changed since the login read the hash', async () => {
    const tenant = await createTenant(sql);
    const read = await storedHash(tenant.userId);
    const changed = await hashPassword('nueva-clave', QUICK_PASSWORD_COST);
    await sql`update users set password_hash = ${changed} where id = ${tenant.userId}`;
    const raised = await hashPassword(tenant.password, QUICK_PASSWORD_COST);
    expect(await replacePasswordHash(sql, tenant.userId, read, raised)).toBe(false);
    expect(await storedHash(tenant.userId)).toBe(changed);
  });
});

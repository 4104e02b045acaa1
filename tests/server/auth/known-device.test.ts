import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../../../server/auth/rate-limit';
import { connectTestSql, createTenant, type TestTenant } from '../helpers/test-db';
import { authApp, loginFrom } from './auth-helpers';

const sql = connectTestSql();
const newIp = () => `10.${randomUUID().slice(0, 8)}`;
const right = (t: TestTenant) => ({ email: t.email, password: t.password });
const wrong = (t: TestTenant) => ({ email: t.email, password: 'equivocada' });

/** The real limiter's rules, on a clock of its own ahead of the real one. */
const app = () => {
  const t = Date.now() + 48 * 60 * 60 * 1000;
  return authApp(sql, createLoginLimiter(sql, { now: () => t }));
};

const deviceOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { device: string }).device;
};

/** Failures from `ip` until the account's unknown devices there are held back. */
async function attack(a: ReturnType<typeof app>, t: TestTenant, ip: string) {
  for (let i = 0; i < 5; i++) await loginFrom(a, ip, wrong(t));
  expect((await loginFrom(a, ip, right(t))).status).toBe(429);
}

describe('known devices (decision 016)', () => {
  it('a phone keeps one token: sent back it is kept, and another user who signs in on it shares it', async () => {
    const [first, second] = [await createTenant(sql), await createTenant(sql)];
    const a = app();
    const ip = newIp();
    const device = await deviceOf(await loginFrom(a, ip, right(first)));
    expect(await deviceOf(await loginFrom(a, ip, { ...right(first), device }))).toBe(device);
    expect(await deviceOf(await loginFrom(a, ip, { ...right(second), device }))).toBe(device);
    // Only its hash is kept, once per user of the phone.
    const hash = createHash('sha256').update(device).digest('hex');
    const rows = await sql<{ user_id: string }[]>`
      select user_id from known_devices where token_hash = ${hash} order by user_id`;
    expect(rows.map((r) => Number(r.user_id))).toEqual([first.userId, second.userId].sort((x, y) => x - y));
  });

  it('a token the server never issued is replaced, and does not count as known', async () => {
    const tenant = await createTenant(sql);
    const a = app();
    const ip = newIp();
    await attack(a, tenant, ip);
    const forged = 'A'.repeat(43);
    expect((await loginFrom(a, ip, { ...right(tenant), device: forged })).status).toBe(429);
    const issued = await deviceOf(await loginFrom(a, newIp(), { ...right(tenant), device: forged }));
    expect(issued).not.toBe(forged);
  });

  it('a phone known to another account (an attacker’s own) is a stranger to this one', async () => {
    const [attacker, victim] = [await createTenant(sql), await createTenant(sql)];
    const a = app();
    const ip = newIp();
    const device = await deviceOf(await loginFrom(a, ip, right(attacker)));
    await attack(a, victim, ip);
    expect((await loginFrom(a, ip, { ...right(victim), device })).status).toBe(429);
  });

  it('a phone unused for 180 days is a stranger again', async () => {
    const tenant = await createTenant(sql);
    const a = app();
    const ip = newIp();
    const device = await deviceOf(await loginFrom(a, ip, right(tenant)));
    await attack(a, tenant, ip);
    expect((await loginFrom(a, ip, { ...right(tenant), device })).status).toBe(200);
    await sql`update known_devices set last_used_at = now() - interval '181 days' where user_id = ${tenant.userId}`;
    expect((await loginFrom(a, ip, { ...right(tenant), device })).status).toBe(429);
  });

  it('a malformed device value is ignored, never a 400', async () => {
    const tenant = await createTenant(sql);
    const a = app();
    for (const device of [123, '', 'x'.repeat(500), null, { a: 1 }]) {
      const res = await loginFrom(a, newIp(), { ...right(tenant), device });
      expect(res.status, JSON.stringify(device)).toBe(200);
    }
  });
});

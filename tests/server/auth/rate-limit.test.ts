import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLoginLimiter, type LoginAttempt } from '../../../server/auth/rate-limit';
import { connectTestSql, createTenant, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const MIN = 60 * 1000;

type App = ReturnType<typeof testApp>;

/** An address of its own per test: the database's counts are shared by every test file of the run. */
const newIp = () => `10.${randomUUID().slice(0, 8)}`;

/** A login as if from `ip` (app.request has no socket; @hono/node-server's bindings carry the address). */
const loginFrom = (app: App, ip: string, email: string, password: string) =>
  app.request(
    '/api/login',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );

describe('login rate limit (route)', () => {
  it('answers the 6th failed attempt with 429 in Spanish and Retry-After, even with the right password', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(app, ip, tenant.email, 'equivocada')).status).toBe(401);
    }
    const sixth = await loginFrom(app, ip, tenant.email, 'equivocada');
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      error: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos minutos.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(sixth.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await loginFrom(app, ip, tenant.email, tenant.password)).status).toBe(429);
    // The same email from another address is not blocked.
    expect((await loginFrom(app, newIp(), tenant.email, tenant.password)).status).toBe(200);
  });

  it('forgets the failures of an email after a successful login', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const ip = newIp();
    for (let i = 0; i < 4; i++) await loginFrom(app, ip, tenant.email, 'equivocada');
    expect((await loginFrom(app, ip, tenant.email, tenant.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(app, ip, tenant.email, 'equivocada')).status).toBe(401);
    }
  });

  it('20 concurrent wrong passwords: only the limit reach the password check, the rest answer 429', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => loginFrom(app, ip, tenant.email, 'equivocada')),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it('is shared by every app over the same database (several API processes)', async () => {
    const tenant = await createTenant(sql);
    const first = testApp(sql);
    const second = testApp(connectTestSql());
    const ip = newIp();
    for (let i = 0; i < 3; i++) await loginFrom(first, ip, tenant.email, 'equivocada');
    for (let i = 0; i < 2; i++)
      expect((await loginFrom(second, ip, tenant.email, 'equivocada')).status).toBe(401);
    expect((await loginFrom(first, ip, tenant.email, tenant.password)).status).toBe(429);
    expect((await loginFrom(second, ip, tenant.email, tenant.password)).status).toBe(429);
  });
});

describe('createLoginLimiter (sliding window in PostgreSQL)', () => {
  // Ahead of the real clock, so the sweep of old keys that real logins run never reaches these.
  const fakeClock = () => {
    let t = Date.now() + 24 * 60 * MIN;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };
  const waitOf = (attempt: LoginAttempt) => (attempt.blocked ? attempt.retryAfterSeconds : 0);

  it('blocks an email after 5 attempts from one IP, not the same email from another IP', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const [ip, otherIp] = [newIp(), newIp()];
    for (let i = 0; i < 5; i++) expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(0);
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(15 * 60);
    expect(waitOf(await limiter.reserve(otherIp, 'a@b.mx'))).toBe(0);
    expect(waitOf(await limiter.reserve(ip, 'c@d.mx'))).toBe(0);
  });

  it('slides: each attempt leaves the window 15 minutes after it happened', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const ip = newIp();
    await limiter.reserve(ip, 'a@b.mx');
    clock.advance(5 * MIN);
    for (let i = 0; i < 4; i++) await limiter.reserve(ip, 'a@b.mx');
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(10 * 60);
    clock.advance(10 * MIN);
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(0);
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(5 * 60);
  });

  it('blocks an IP after 30 attempts across many emails', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const ip = newIp();
    for (let i = 0; i < 30; i++) await limiter.reserve(ip, `u${i}@b.mx`);
    expect(waitOf(await limiter.reserve(ip, 'nuevo@b.mx'))).toBe(15 * 60);
    expect(waitOf(await limiter.reserve(newIp(), 'nuevo@b.mx'))).toBe(0);
  });

  it('a success clears the email key and gives its attempt back, but keeps the IP’s failures', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now, maxPerIp: 6 });
    const ip = newIp();
    for (let i = 0; i < 4; i++) await limiter.reserve(ip, 'a@b.mx');
    const right = await limiter.reserve(ip, 'a@b.mx');
    expect(right.blocked).toBe(false);
    if (!right.blocked) await limiter.succeeded(ip, 'a@b.mx', right);
    // The IP holds its 4 failures: two more attempts fit (6), the next does not.
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(0);
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(0);
    expect(waitOf(await limiter.reserve(ip, 'a@b.mx'))).toBe(15 * 60);
  });

  it('the next attempt sweeps away the keys whose newest attempt has left the window', async () => {
    const ip = newIp();
    const past = createLoginLimiter(sql, { now: () => Date.now() - 16 * MIN });
    await past.reserve(ip, 'a@b.mx');
    const keysOf = async () =>
      (
        await sql<{ key: string }[]>`select key from login_attempts where key like ${`%|${ip}%`} order by key`
      ).map((r) => r.key);
    expect(await keysOf()).toEqual([`e|${ip}|a@b.mx`, `i|${ip}`]);
    await createLoginLimiter(sql).reserve(newIp(), 'b@c.mx');
    expect(await keysOf()).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLoginLimiter, type LoginAttempt } from '../../../server/auth/rate-limit';
import { connectTestSql, createTenant, type TestTenant, testApp } from '../helpers/test-db';
import { authApp, loginFrom } from './auth-helpers';

const sql = connectTestSql();
const SEC = 1000;
const MIN = 60 * SEC;

const SECONDS = {
  error: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos segundos.',
  code: 'RATE_LIMITED',
};
const MINUTES = {
  error: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos minutos.',
  code: 'RATE_LIMITED',
};

/** An address of its own per test: the database's counts are shared by every test file of the run. */
const newIp = () => `10.${randomUUID().slice(0, 8)}`;
const randomEmail = () => `${randomUUID().slice(0, 8)}@aldea.mx`;

const right = (t: TestTenant) => ({ email: t.email, password: t.password });
const wrong = (t: TestTenant) => ({ email: t.email, password: 'equivocada' });

// Ahead of the real clock (by more than a day, the longest a failure is remembered), so the sweep that real
// logins run never reaches these keys.
const fakeClock = () => {
  let t = Date.now() + 48 * 60 * MIN;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

/** The auth routes over a limiter on a fake clock: back-off waits are served by moving the clock. */
function clockedApp() {
  const clock = fakeClock();
  return { clock, app: authApp(sql, createLoginLimiter(sql, { now: clock.now })) };
}

const retryAfter = (res: Response) => Number(res.headers.get('Retry-After'));

describe('login limits (decision 016)', () => {
  it('a village: 40 failed logins with random emails from one address do not stop another user there', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql); // the real limiter, on the database's clock
    const ip = newIp();
    const failures = await Promise.all(
      Array.from({ length: 40 }, () => loginFrom(app, ip, { email: randomEmail(), password: 'x' })),
    );
    expect(failures.map((res) => res.status)).toEqual(Array(40).fill(401));
    expect((await loginFrom(app, ip, right(tenant))).status).toBe(200);
  });

  it('one account from one address: 5 failures, then each wait doubles (429, Retry-After, Spanish)', async () => {
    const tenant = await createTenant(sql);
    const { clock, app } = clockedApp();
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await loginFrom(app, ip, wrong(tenant))).status).toBe(401);
    const sixth = await loginFrom(app, ip, right(tenant)); // even the right password waits
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual(SECONDS);
    expect(retryAfter(sixth)).toBe(1);
    // The account from another address is not held back by this address's failures.
    expect((await loginFrom(app, newIp(), right(tenant))).status).toBe(200);

    let wait = 1;
    const waits: number[] = [];
    let blocked: Response | undefined;
    for (let i = 0; i < 7; i++) {
      clock.advance(wait * SEC);
      expect((await loginFrom(app, ip, wrong(tenant))).status).toBe(401);
      blocked = await loginFrom(app, ip, wrong(tenant));
      expect(blocked.status).toBe(429);
      wait = retryAfter(blocked);
      waits.push(wait);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128]);
    expect(await blocked!.json()).toEqual(MINUTES);
  });

  it('one account from many addresses: after 10 failures the account backs off, whatever the address', async () => {
    const tenant = await createTenant(sql);
    const { clock, app } = clockedApp();
    for (let i = 0; i < 10; i++) expect((await loginFrom(app, newIp(), wrong(tenant))).status).toBe(401);
    const next = await loginFrom(app, newIp(), right(tenant));
    expect(next.status).toBe(429);
    expect(await next.json()).toEqual(SECONDS);
    expect(retryAfter(next)).toBe(1);
    clock.advance(SEC);
    expect((await loginFrom(app, newIp(), wrong(tenant))).status).toBe(401);
    const after = await loginFrom(app, newIp(), wrong(tenant));
    expect(after.status).toBe(429);
    expect(retryAfter(after)).toBe(2);
  });

  it('a known device signs in at once while its account is attacked, from elsewhere and from its address', async () => {
    const tenant = await createTenant(sql);
    const { app } = clockedApp();
    const home = newIp();
    const first = await loginFrom(app, home, right(tenant));
    expect(first.status).toBe(200);
    const { device } = (await first.json()) as { device: string };

    for (let i = 0; i < 12; i++) await loginFrom(app, newIp(), wrong(tenant));
    for (let i = 0; i < 6; i++) await loginFrom(app, home, wrong(tenant));
    expect((await loginFrom(app, home, right(tenant))).status).toBe(429);
    expect((await loginFrom(app, newIp(), right(tenant))).status).toBe(429);

    expect((await loginFrom(app, home, { ...right(tenant), device })).status).toBe(200);
    expect((await loginFrom(app, newIp(), { ...right(tenant), device })).status).toBe(200);
    // The owner signing in does not lift the attacker's back-off.
    expect((await loginFrom(app, newIp(), right(tenant))).status).toBe(429);
  });

  it('a known device backs off on its own failures only, which do not count against its account', async () => {
    const tenant = await createTenant(sql);
    const { clock, app } = clockedApp();
    const ip = newIp();
    const { device } = (await (await loginFrom(app, ip, right(tenant))).json()) as { device: string };
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(app, ip, { ...wrong(tenant), device })).status).toBe(401);
    const blocked = await loginFrom(app, ip, { ...right(tenant), device });
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBe(1);
    // The same account from another phone at the same address is not held back by them.
    expect((await loginFrom(app, ip, right(tenant))).status).toBe(200);
    clock.advance(SEC);
    expect((await loginFrom(app, ip, { ...right(tenant), device })).status).toBe(200);
  });

  it('clear abuse: 300 failures from one address stop its unknown devices for 15 minutes, not known ones', async () => {
    const tenant = await createTenant(sql);
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const app = authApp(sql, limiter);
    const ip = newIp();
    const { device } = (await (await loginFrom(app, ip, right(tenant))).json()) as { device: string };
    const attempts = await Promise.all(
      Array.from({ length: 300 }, () => limiter.reserve({ ip, email: randomEmail(), knownDevice: null })),
    );
    expect(attempts.every((a) => !a.blocked)).toBe(true);

    const stopped = await loginFrom(app, ip, right(tenant));
    expect(stopped.status).toBe(429);
    expect(await stopped.json()).toEqual(MINUTES);
    expect(retryAfter(stopped)).toBe(15 * 60);
    expect((await loginFrom(app, ip, { ...right(tenant), device })).status).toBe(200);
    expect((await loginFrom(app, newIp(), right(tenant))).status).toBe(200);
    clock.advance(15 * MIN);
    expect((await loginFrom(app, ip, right(tenant))).status).toBe(200);
  });

  it('20 concurrent wrong passwords: only 5 reach the password check, the rest answer 429', async () => {
    const tenant = await createTenant(sql);
    const { app } = clockedApp();
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => loginFrom(app, ip, wrong(tenant))));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it('is shared by every app over the same database (several API processes)', async () => {
    const tenant = await createTenant(sql);
    const clock = fakeClock();
    const first = authApp(sql, createLoginLimiter(sql, { now: clock.now }));
    const otherSql = connectTestSql();
    const second = authApp(otherSql, createLoginLimiter(otherSql, { now: clock.now }));
    const ip = newIp();
    for (let i = 0; i < 3; i++) await loginFrom(first, ip, wrong(tenant));
    for (let i = 0; i < 2; i++) expect((await loginFrom(second, ip, wrong(tenant))).status).toBe(401);
    expect((await loginFrom(first, ip, right(tenant))).status).toBe(429);
    expect((await loginFrom(second, ip, right(tenant))).status).toBe(429);
  });

  it('a success forgets the failures of its account', async () => {
    const tenant = await createTenant(sql);
    const { app } = clockedApp();
    const ip = newIp();
    for (let i = 0; i < 4; i++) await loginFrom(app, ip, wrong(tenant));
    expect((await loginFrom(app, ip, right(tenant))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await loginFrom(app, ip, wrong(tenant))).status).toBe(401);
  });
});

describe('createLoginLimiter (PostgreSQL)', () => {
  const waitOf = (attempt: LoginAttempt) => (attempt.blocked ? attempt.retryAfterSeconds : 0);
  const ceilingOf = (max: number) => ({ ip: { kind: 'ceiling' as const, max, windowMs: 15 * MIN } });

  it('an address’s ceiling: a success gives its attempt back, failures stay until the window ends', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now, rules: ceilingOf(6) });
    const ip = newIp();
    const login = (email: string) => limiter.reserve({ ip, email, knownDevice: null });
    for (let i = 0; i < 4; i++) expect(waitOf(await login(randomEmail()))).toBe(0);
    const ok = await login(randomEmail());
    if (ok.blocked) throw new Error('no debía esperar');
    await limiter.succeeded(ok);
    clock.advance(5 * MIN);
    expect(waitOf(await login(randomEmail()))).toBe(0);
    expect(waitOf(await login(randomEmail()))).toBe(0);
    // 6 failures: closed until 15 minutes after the first.
    expect(waitOf(await login(randomEmail()))).toBe(10 * 60);
    clock.advance(10 * MIN);
    expect(waitOf(await login(randomEmail()))).toBe(0);
  });

  it('an account’s failures are remembered for a day, then forgotten', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const email = randomEmail();
    const login = () => limiter.reserve({ ip: newIp(), email, knownDevice: null });
    for (let i = 0; i < 10; i++) expect(waitOf(await login())).toBe(0);
    clock.advance(60 * MIN); // the wait is long served, but the count stands: the next failure backs off again
    expect(waitOf(await login())).toBe(0);
    expect(waitOf(await login())).toBe(2);
    clock.advance(24 * 60 * MIN);
    for (let i = 0; i < 10; i++) expect(waitOf(await login())).toBe(0);
  });

  it('never waits more than 15 minutes', async () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter(sql, { now: clock.now });
    const [ip, email] = [newIp(), randomEmail()];
    let wait = 0;
    for (let i = 0; i < 30; i++) {
      clock.advance(wait * SEC);
      const attempt = await limiter.reserve({ ip, email, knownDevice: null });
      expect(attempt.blocked).toBe(false);
      wait = waitOf(await limiter.reserve({ ip, email, knownDevice: null }));
    }
    expect(wait).toBe(15 * 60);
  });

  it('the next attempt sweeps away the keys that count nothing any more', async () => {
    const ip = newIp();
    const email = randomEmail();
    const past = createLoginLimiter(sql, { now: () => Date.now() - 25 * 60 * MIN });
    await past.reserve({ ip, email, knownDevice: null });
    const keysOf = async () =>
      (
        await sql<{ key: string }[]>`select key from login_failures
          where key like ${`%|${ip}%`} or key like ${`%|${email}`} order by key`
      ).map((r) => r.key);
    expect(await keysOf()).toEqual([`a|${email}`, `e|${ip}|${email}`, `i|${ip}`]);
    await createLoginLimiter(sql).reserve({ ip: newIp(), email: randomEmail(), knownDevice: null });
    expect(await keysOf()).toEqual([]);
  });
});

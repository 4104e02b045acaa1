import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../../../server/auth/rate-limit';
import { connectTestSql, createTenant, postJson, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const MIN = 60 * 1000;

describe('login rate limit (route)', () => {
  it('answers the 6th failed attempt with 429 in Spanish and Retry-After, even with the right password', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    for (let i = 0; i < 5; i++) {
      const res = await postJson(app, '/api/login', { email: tenant.email, password: 'equivocada' });
      expect(res.status).toBe(401);
    }
    const sixth = await postJson(app, '/api/login', { email: tenant.email, password: 'equivocada' });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      error: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos minutos.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(sixth.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await postJson(app, '/api/login', { email: tenant.email, password: tenant.password });
    expect(right.status).toBe(429);
  });

  it('forgets the failures of an email after a successful login', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    for (let i = 0; i < 4; i++)
      await postJson(app, '/api/login', { email: tenant.email, password: 'equivocada' });
    expect(
      (await postJson(app, '/api/login', { email: tenant.email, password: tenant.password })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await postJson(app, '/api/login', { email: tenant.email, password: 'equivocada' });
      expect(res.status).toBe(401);
    }
  });

  it('keeps its state per app instance', async () => {
    const tenant = await createTenant(sql);
    const blocked = testApp(sql);
    for (let i = 0; i < 5; i++)
      await postJson(blocked, '/api/login', { email: tenant.email, password: 'equivocada' });
    const fresh = testApp(sql);
    expect(
      (await postJson(fresh, '/api/login', { email: tenant.email, password: tenant.password })).status,
    ).toBe(200);
  });
});

describe('createLoginLimiter (sliding window)', () => {
  const fakeClock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('blocks an email after 5 failures from one IP, not the same email from another IP', () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter({ now: clock.now });
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfterSeconds('1.1.1.1', 'a@b.mx')).toBe(0);
      limiter.recordFailure('1.1.1.1', 'a@b.mx');
    }
    expect(limiter.retryAfterSeconds('1.1.1.1', 'a@b.mx')).toBe(15 * 60);
    expect(limiter.retryAfterSeconds('2.2.2.2', 'a@b.mx')).toBe(0);
    expect(limiter.retryAfterSeconds('1.1.1.1', 'c@d.mx')).toBe(0);
  });

  it('slides: each failure leaves the window 15 minutes after it happened', () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter({ now: clock.now });
    limiter.recordFailure('ip', 'a@b.mx');
    clock.advance(5 * MIN);
    for (let i = 0; i < 4; i++) limiter.recordFailure('ip', 'a@b.mx');
    expect(limiter.retryAfterSeconds('ip', 'a@b.mx')).toBe(10 * 60);
    clock.advance(10 * MIN);
    expect(limiter.retryAfterSeconds('ip', 'a@b.mx')).toBe(0);
    limiter.recordFailure('ip', 'a@b.mx');
    expect(limiter.retryAfterSeconds('ip', 'a@b.mx')).toBe(5 * 60);
  });

  it('blocks an IP after 30 failures across many emails', () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter({ now: clock.now });
    for (let i = 0; i < 30; i++) limiter.recordFailure('ip', `u${i}@b.mx`);
    expect(limiter.retryAfterSeconds('ip', 'nuevo@b.mx')).toBe(15 * 60);
    expect(limiter.retryAfterSeconds('otra-ip', 'nuevo@b.mx')).toBe(0);
  });

  it('a success clears the email key but not the IP count', () => {
    const clock = fakeClock();
    const limiter = createLoginLimiter({ now: clock.now, maxPerIp: 6 });
    for (let i = 0; i < 5; i++) limiter.recordFailure('ip', 'a@b.mx');
    limiter.recordSuccess('ip', 'a@b.mx');
    expect(limiter.retryAfterSeconds('ip', 'a@b.mx')).toBe(0);
    limiter.recordFailure('ip', 'a@b.mx');
    expect(limiter.retryAfterSeconds('ip', 'a@b.mx')).toBe(15 * 60);
  });
});

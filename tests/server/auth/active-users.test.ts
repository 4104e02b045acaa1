import { describe, expect, it } from 'vitest';
import { createActiveUsers } from '../../../server/auth/active-users';

const fakeClock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

/** A lookup over a mutable table of user → account, counting how often it is asked. */
const table = (initial: Record<number, number>) => {
  const accounts = new Map(Object.entries(initial).map(([id, acc]) => [Number(id), acc]));
  let calls = 0;
  const lookup = async (id: number) => {
    calls++;
    return accounts.get(id) ?? null;
  };
  return { accounts, lookup, calls: () => calls };
};

describe('createActiveUsers (the per-process memory of the user check)', () => {
  it('reads a user once per TTL and again after it', async () => {
    const clock = fakeClock();
    const db = table({ 1: 10 });
    const users = createActiveUsers(db.lookup, { ttlMs: 5_000, now: clock.now });
    expect(await users.current(1)).toBe(10);
    db.accounts.delete(1);
    clock.advance(4_999);
    expect(await users.current(1)).toBe(10);
    clock.advance(1);
    expect(await users.current(1)).toBeNull();
    expect(db.calls()).toBe(2);
  });

  it('forget makes the next request read the user again at once', async () => {
    const db = table({ 1: 10 });
    const users = createActiveUsers(db.lookup, { now: fakeClock().now });
    expect(await users.current(1)).toBe(10);
    db.accounts.set(1, 20);
    users.forget(1);
    expect(await users.current(1)).toBe(20);
  });

  it('concurrent requests of one user share one lookup', async () => {
    const db = table({ 1: 10, 2: 11 });
    const users = createActiveUsers(db.lookup, { now: fakeClock().now });
    const answers = await Promise.all([1, 1, 1, 2, 2].map((id) => users.current(id)));
    expect(answers).toEqual([10, 10, 10, 11, 11]);
    expect(db.calls()).toBe(2);
  });

  it('does not remember a failed lookup', async () => {
    let fail = true;
    const users = createActiveUsers(
      async () => {
        if (fail) throw new Error('sin conexión');
        return 10;
      },
      { now: fakeClock().now },
    );
    await expect(users.current(1)).rejects.toThrow('sin conexión');
    fail = false;
    expect(await users.current(1)).toBe(10);
  });
});

// Demo data for trying the product (docs/arquitectura.md: seeded when the database is empty).
import { businessToday, DEFAULT_TIME_ZONE, type IsoDate } from '../../shared/dates';
import { PERMISSIONS } from '../../shared/permissions';
import { hashPassword, QUICK_PASSWORD_COST } from '../auth/passwords';
import { type Db, type Sql, withoutTimeout } from '../db/connect';
import { type DemoAccountSummary, seedDemoAccount } from './demo-account';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data';

export interface SeedDemoOptions {
  /** The business date the data is built around (default: today in `timeZone`). */
  today?: IsoDate;
  /** Business time zone: timestamps such as created_at are set at office hours there. */
  timeZone?: string;
}

export interface SeedDemoDataOptions {
  today: IsoDate;
  timeZone?: string;
  /**
   * For tests that seed into a shared database: user emails get a plus-address tag ('admin+tag@demo.mx'),
   * since emails are unique across accounts. Leave unset for the real demo.
   */
  emailTag?: string;
}

export interface DemoSummary {
  accounts: DemoAccountSummary[];
}

// Two servers starting on the same empty database must not both seed it.
export const SEED_LOCK = 7_305_202_612;

/** Seeds the demo in one transaction when the database has no accounts; false (and nothing written) otherwise. */
export async function seedDemo(sql: Sql, opts: SeedDemoOptions = {}): Promise<boolean> {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const today = opts.today ?? businessToday(timeZone);
  return sql.begin(async (tx) => {
    await withoutTimeout(tx);
    await tx`select pg_advisory_xact_lock(${SEED_LOCK})`;
    const [row] = await tx<{ seeded: boolean }[]>`select exists (select 1 from accounts) as seeded`;
    if (row!.seeded) return false;
    await seedDemoData(tx, { today, timeZone });
    return true;
  });
}

/**
 * Writes the demo data, whatever the database holds (run it inside a transaction): the permission catalogue
 * (kept if present), then each DEMO_ACCOUNTS business with its roles, users (password 'demo1234'),
 * municipalities, clients, payment methods, loan_params, expense catalogue, loans with their schedules,
 * egresos and inversiones. Deterministic for a given `today`.
 */
export async function seedDemoData(tx: Db, opts: SeedDemoDataOptions): Promise<DemoSummary> {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const emailOf = (email: string) => (opts.emailTag ? email.replace('@', `+${opts.emailTag}@`) : email);
  // One salt per user; scrypt runs on the libuv pool, so these hash in parallel. At the former, cheaper cost:
  // the first start stays quick, and each demo user's first login raises its hash to the production cost.
  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map((a) =>
      Promise.all(a.users.map(() => hashPassword(DEMO_PASSWORD, QUICK_PASSWORD_COST))),
    ),
  );
  await tx`insert into permissions ${tx(
    Object.entries(PERMISSIONS).map(([permission, description]) => ({ permission, description })),
  )} on conflict (permission) do nothing`;
  const accounts: DemoAccountSummary[] = [];
  for (const [i, spec] of DEMO_ACCOUNTS.entries()) {
    accounts.push(
      await seedDemoAccount(tx, spec, { today: opts.today, timeZone, emailOf, passwordHashes: hashes[i]! }),
    );
  }
  return { accounts };
}

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql, startEmbeddedPostgres } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { recomputeLoans } from '../../../server/loans/recompute';
import { type DemoSummary, seedDemo, seedDemoData } from '../../../server/seed/demo';
import type { DashboardResume } from '../../../shared/dashboard/types';
import { addDays, businessToday, weekdayIndex } from '../../../shared/dates';
import { abonoOf } from '../../../shared/loans/calculation';
import { buildSchedule } from '../../../shared/loans/schedule';
import type { ModalidadPago } from '../../../shared/loans/terms';
import { toCents } from '../../../shared/money';
import { connectTestSql, getJson, loginToken, postJson, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);
// The dashboard route reads the real business date, so the demo is built around it too.
const today = businessToday('America/Mexico_City');
// Emails are unique across accounts: a tag keeps this seed apart from any other in the shared test database.
const tag = randomUUID().slice(0, 8);
const email = (address: string) => address.replace('@', `+${tag}@`);
const DAYS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES'];

interface LoanRow {
  id: number;
  client_id: number;
  municipality_id: number;
  previous_loan_id: number | null;
  loan_reference: string;
  grupo: number;
  fecha_inicio: string;
  fecha_fin: string;
  monto_credito: string;
  monto_con_interes: string;
  monto_entregado: string;
  interes: string;
  modalidad_pago: ModalidadPago;
  abono: string;
  total_pagos: number;
  num_pago: number;
  pagada: boolean;
  vencido: boolean;
  closed_at: Date | null;
  collection_day: string;
  rows: {
    numero_pago: number;
    fecha_pago: string;
    referencia: string;
    pagada: boolean;
    renovo: boolean;
    parcial: string;
    monto: string;
  }[];
}

describe('seedDemoData', () => {
  let summary: DemoSummary;
  let accountA: number;
  let accountB: number;
  let loans: LoanRow[];

  beforeAll(async () => {
    summary = await sql.begin((tx) => seedDemoData(tx, { today, emailTag: tag }));
    [accountA, accountB] = summary.accounts.map((a) => a.accountId) as [number, number];
    loans = await sql<LoanRow[]>`
      select l.id, l.client_id, l.municipality_id, l.previous_loan_id, l.loan_reference, l.grupo,
        l.fecha_inicio::text as fecha_inicio, l.fecha_fin::text as fecha_fin, l.monto_credito::text as monto_credito,
        l.monto_con_interes::text as monto_con_interes, l.monto_entregado::text as monto_entregado,
        l.interes::text as interes, l.modalidad_pago, l.abono::text as abono, l.total_pagos, l.num_pago, l.pagada,
        l.vencido, l.closed_at, m.collection_day,
        (select json_agg(json_build_object('numero_pago', a.numero_pago, 'fecha_pago', a.fecha_pago,
            'referencia', a.referencia, 'pagada', a.pagada, 'renovo', a.renovo, 'parcial', a.parcial::text,
            'monto', a.monto::text)
          order by a.numero_pago) from amortizations a where a.loan_id = l.id) as rows
      from loans l join municipalities m on m.id = l.municipality_id
      where l.account_id = ${accountA}`;
  });

  it("gives CUENTAS_GESTIONAR only to the first account's administrator", async () => {
    const holders = await sql<{ email: string }[]>`
      select u.email from users u join role_permissions rp on rp.role_id = u.role_id
      where rp.permission = 'CUENTAS_GESTIONAR' and u.account_id in (${accountA}, ${accountB})`;
    expect(holders.map((h) => h.email)).toEqual([email('admin@demo.mx')]);
  });

  it('lets every demo user sign in with demo1234, each with the role of their account', async () => {
    const expected = [
      ['admin@demo.mx', accountA, 'ADMINISTRADOR'],
      ['captura@demo.mx', accountA, 'CAPTURISTA'],
      ['cobrador@demo.mx', accountA, 'COBRADOR'],
      ['admin@otra.mx', accountB, 'ADMINISTRADOR'],
    ] as const;
    for (const [address, accountId, role] of expected) {
      const res = await postJson(app, '/api/login', { email: email(address), password: 'demo1234' });
      expect(res.status, address).toBe(200);
      const body = (await res.json()) as { user: { account_id: number; role_name: string; name: string } };
      expect(body.user).toMatchObject({ account_id: accountId, role_name: role });
    }
    const [admin] = await sql<
      { name: string }[]
    >`select name from users where email = ${email('admin@demo.mx')}`;
    expect(admin!.name).toBe('Administrador Demo');
  });

  it('gives each account the three seeded roles with their permissions', async () => {
    const roles = await sql<{ role_name: string; n: number }[]>`
      select r.role_name, count(rp.permission)::int as n from roles r
      join role_permissions rp on rp.role_id = r.id
      where r.account_id = ${accountA} group by r.role_name order by r.role_name`;
    expect(roles).toEqual([
      { role_name: 'ADMINISTRADOR', n: 14 },
      { role_name: 'CAPTURISTA', n: 11 },
      { role_name: 'COBRADOR', n: 3 },
    ]);
  });

  it('has counts in range for account 1', async () => {
    const [c] = await sql<Record<string, number>[]>`select
      (select count(*)::int from municipalities where account_id = ${accountA}) as municipalities,
      (select count(distinct collection_day)::int from municipalities where account_id = ${accountA}) as days,
      (select count(*)::int from clients where account_id = ${accountA}) as clients,
      (select count(*)::int from clients where account_id = ${accountA} and coordinadora) as coordinadoras,
      (select count(*)::int from clients where account_id = ${accountA} and empleado) as empleados,
      (select count(*)::int from clients where account_id = ${accountA} and empleado and coordinadora) as both,
      (select count(*)::int from clients where account_id = ${accountA} and telefono !~ '^\\d{10}$') as bad_phones,
      (select count(*)::int from payment_methods where account_id = ${accountA}) as methods,
      (select count(*)::int from payment_methods where account_id = ${accountA} and requiere_aval) as with_aval,
      (select count(*)::int from loan_params where account_id = ${accountA}) as params,
      (select count(*)::int from catalogo_egresos where account_id = ${accountA}) as catalogue,
      (select count(*)::int from egresos where account_id = ${accountA} and fecha > ${addDays(today, -92)}::date) as egresos,
      (select count(*)::int from inversiones where account_id = ${accountA} and fecha > ${addDays(today, -92)}::date) as inversiones`;
    expect(c).toMatchObject({
      municipalities: 4,
      days: 4,
      methods: 4,
      with_aval: 1,
      params: 1,
      catalogue: 8,
      bad_phones: 0,
    });
    expect(c!.clients).toBeGreaterThanOrEqual(55);
    expect(c!.clients).toBeLessThanOrEqual(65);
    expect(c!.coordinadoras).toBeGreaterThanOrEqual(4);
    expect(c!.empleados).toBeGreaterThanOrEqual(2);
    expect(c!.both).toBeGreaterThanOrEqual(1);
    expect(c!.egresos).toBeGreaterThanOrEqual(15);
    expect(c!.egresos).toBeLessThanOrEqual(25);
    expect(c!.inversiones).toBe(6);
    expect(loans.length).toBeGreaterThanOrEqual(70);
    expect(loans.length).toBeLessThanOrEqual(90);
  });

  it('builds every loan by the rules: amounts, abono, schedule and references', () => {
    for (const l of loans) {
      const montoConInteres = toCents(l.monto_con_interes)!;
      expect(l.rows, l.loan_reference).toHaveLength(l.total_pagos);
      expect(toCents(l.abono), l.loan_reference).toBe(abonoOf(montoConInteres, l.total_pagos));
      expect(toCents(l.abono)! % 100).toBe(0);
      const interes = Number(l.interes);
      expect(montoConInteres).toBe(Math.round((toCents(l.monto_credito)! * (100 + interes)) / 100));
      const schedule = buildSchedule({
        fechaInicio: l.fecha_inicio,
        totalPagos: l.total_pagos,
        modalidad: l.modalidad_pago,
        loanReference: l.loan_reference,
      });
      expect(
        l.rows.map(({ numero_pago, fecha_pago, referencia }) => ({ numero_pago, fecha_pago, referencia })),
      ).toEqual(schedule.rows);
      expect(l.fecha_fin).toBe(schedule.fechaFin);
      expect(weekdayIndex(l.fecha_inicio), l.loan_reference).toBe(DAYS.indexOf(l.collection_day));
      expect(l.grupo).toBeGreaterThanOrEqual(1);
      expect(l.grupo).toBeLessThanOrEqual(4);
      if (!l.previous_loan_id) expect(l.monto_entregado).toBe(l.monto_credito);
    }
    const refs = loans.map((l) => l.loan_reference).sort();
    expect(refs[0]).toBe('PR-000001');
    expect(refs.at(-1)).toBe(`PR-${String(loans.length).padStart(6, '0')}`);
  });

  it('shows every state relative to today', () => {
    const active = loans.filter((l) => !l.pagada && !l.vencido);
    const fresh = active.filter((l) => l.fecha_inicio > addDays(today, -7) && l.rows.every((r) => !r.pagada));
    const midway = active.filter((l) => l.rows.some((r) => r.pagada));
    const partial = loans.filter((l) =>
      l.rows.some((r) => !r.pagada && !r.renovo && toCents(r.parcial)! > 0),
    );
    const vencido = loans.filter((l) => l.vencido);
    const paid = loans.filter((l) => l.pagada && l.rows.every((r) => r.pagada));
    const renewedOld = loans.filter((l) => l.pagada && l.rows.some((r) => r.renovo));
    const renewals = loans.filter((l) => l.previous_loan_id !== null);
    for (const group of [fresh, midway, partial, vencido, paid, renewedOld, renewals]) {
      expect(group.length).toBeGreaterThanOrEqual(1);
    }
    for (const l of partial) {
      const r = l.rows.find((x) => !x.pagada && toCents(x.parcial)! > 0)!;
      expect(toCents(r.parcial)!).toBeLessThan(toCents(l.abono)!);
    }
    for (const l of vencido)
      expect(l.fecha_fin < today && l.rows.some((r) => !r.pagada && !r.renovo)).toBe(true);
  });

  it('links each renewal to a renewed loan of the same client and deducts its pending balance', () => {
    const byId = new Map(loans.map((l) => [l.id, l]));
    const renewals = loans.filter((l) => l.previous_loan_id !== null);
    for (const l of renewals) {
      const old = byId.get(l.previous_loan_id!)!;
      expect(old.client_id).toBe(l.client_id);
      expect(old.pagada).toBe(true);
      expect(old.rows.some((r) => r.renovo)).toBe(true);
      // What the old loan owed: the rows not due by the renewal, each its own amount (the last the rounding).
      const pending = old.rows
        .filter((r) => r.fecha_pago > l.fecha_inicio)
        .reduce((sum, r) => sum + toCents(r.monto)!, 0);
      const entregado = Math.max(0, toCents(l.monto_credito)! - pending);
      expect(toCents(l.monto_entregado)).toBe(entregado);
      expect(entregado).toBeLessThan(toCents(l.monto_credito)!);
      // Rows due by the renewal were paid; the rest were renewed.
      for (const r of old.rows) expect(r.fecha_pago <= l.fecha_inicio ? r.pagada : r.renovo).toBe(true);
    }
  });

  it('keeps at most one open loan per client and closes paid loans', () => {
    const open = loans.filter((l) => !l.pagada).map((l) => l.client_id);
    expect(new Set(open).size).toBe(open.length);
    for (const l of loans) expect(l.closed_at === null).toBe(!l.pagada);
  });

  it('leaves derived fields exactly as recomputeLoans computes them', async () => {
    expect(summary.accounts.map((a) => a.recomputed)).toEqual([0, 0]);
    expect(await recomputeLoans(sql, accountA, today)).toEqual([]);
    expect(await recomputeLoans(sql, accountB, today)).toEqual([]);
  });

  it('keeps account 2 separate and smaller, with its own catalogues', async () => {
    const [b] = await sql<Record<string, number>[]>`select
      (select count(*)::int from municipalities where account_id = ${accountB}) as municipalities,
      (select count(*)::int from clients where account_id = ${accountB}) as clients,
      (select count(*)::int from loans where account_id = ${accountB}) as loans,
      (select count(*)::int from payment_methods where account_id = ${accountB}) as methods,
      (select count(*)::int from loan_params where account_id = ${accountB}) as params,
      (select count(*)::int from catalogo_egresos where account_id = ${accountB}) as catalogue,
      (select count(*)::int from loans l join clients c on c.id = l.client_id
        where l.account_id = ${accountB} and c.account_id <> ${accountB}) as foreign_clients`;
    expect(b).toMatchObject({ municipalities: 2, params: 1, foreign_clients: 0 });
    expect(b!.clients).toBeGreaterThanOrEqual(8);
    expect(b!.clients).toBeLessThanOrEqual(12);
    expect(b!.loans).toBeGreaterThanOrEqual(8);
    expect(b!.loans).toBeLessThanOrEqual(16);
    expect(b!.methods).toBeGreaterThanOrEqual(1);
    expect(b!.catalogue).toBeGreaterThanOrEqual(1);

    const dashboard = async (address: string) => {
      const token = await loginToken(app, { email: email(address), password: 'demo1234' });
      return (await (await getJson(app, '/api/dashboard-resume', token)).json()) as DashboardResume;
    };
    const a = summary.accounts[0]!;
    expect(await dashboard('admin@demo.mx')).toMatchObject({
      allLoans: a.loans,
      activeLoans: a.activos,
      overdueLoans: a.vencidos,
      paidLoans: a.pagados,
      totalClients: a.clients,
    });
    expect((await dashboard('admin@otra.mx')).allLoans).toBe(b!.loans);
  });
});

/** Everything that makes an account's loan book, without ids. */
async function fingerprint(db: Sql, accountId: number): Promise<string> {
  const [row] = await db<
    { f: string }[]
  >`select string_agg(concat_ws('|', l.loan_reference, c.nombre, c.telefono,
      m.name, l.grupo, l.fecha_inicio, l.monto_credito, l.monto_entregado, l.abono, l.pagada, l.vencido,
      l.previous_loan_id is not null, l.garantias::text, l.closed_at,
      (select string_agg(concat_ws(':', a.fecha_pago, a.pagada, a.renovo, a.parcial, a.fecha_pagada), ','
        order by a.numero_pago) from amortizations a where a.loan_id = l.id)), ';' order by l.loan_reference) as f
    from loans l join clients c on c.id = l.client_id join municipalities m on m.id = l.municipality_id
    where l.account_id = ${accountId}`;
  return row!.f;
}

describe('seedDemo', () => {
  it('does nothing when the database already has accounts', async () => {
    expect(await seedDemo(sql, { today })).toBe(false);
  });

  it('seeds an empty embedded database once, and the same day twice gives the same data', async () => {
    const embedded = await startEmbeddedPostgres(null);
    const db = connect(embedded.url, { embedded: true });
    try {
      await migrate(db);
      expect(await seedDemo(db, { today: '2026-11-18', timeZone: 'America/Mexico_City' })).toBe(true);
      expect(await seedDemo(db, { today: '2026-11-18' })).toBe(false);
      const [n] = await db<{ accounts: number; users: number }[]>`select
        (select count(*)::int from accounts) as accounts, (select count(*)::int from users) as users`;
      expect(n).toEqual({ accounts: 2, users: 4 });

      // Deterministic: the same today gives the same books, loan by loan and row by row.
      const again = await db.begin((tx) => seedDemoData(tx, { today: '2026-11-18', emailTag: 'otra-vez' }));
      expect(again.accounts.map((a) => a.accountId)).toEqual([3, 4]);
      expect(await fingerprint(db, 3)).toBe(await fingerprint(db, 1));
      expect(await fingerprint(db, 4)).toBe(await fingerprint(db, 2));
    } finally {
      await db.end();
      await embedded.stop();
    }
  });
});

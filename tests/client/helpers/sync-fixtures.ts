// Rows as the server's pull sends them, and a scripted transport, for the device store's tests.

import { LocalDb } from '../../../client/store/database';
import type { LocalClient, LocalMunicipality } from '../../../client/store/local-types';
import { syncOnce } from '../../../client/sync/run';
import { addDays } from '../../../shared/dates';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import type { PullResponse, PushRequest, PushResponse, SyncChanges } from '../../../shared/sync/types';

let dbCounter = 0;
/** A new, empty store under fake-indexeddb; close it in afterEach. */
export const freshDb = () => new LocalDb(`test-${Date.now()}-${++dbCounter}`);

export const TODAY = '2026-11-20';

/** A weekly loan of 14 × $100 started 4 weeks before TODAY; rows numbered id*100+k. */
export function loanFixture(id: number, overrides: Partial<LoanRecord> = {}) {
  const fecha_inicio = overrides.fecha_inicio ?? addDays(TODAY, -28);
  const loan: LoanRecord = {
    id,
    account_id: 1,
    client_id: 1,
    municipality_id: 1,
    payment_method_id: 1,
    previous_loan_id: null,
    loan_reference: `PR-${String(id).padStart(6, '0')}`,
    grupo: 1,
    fecha_inicio,
    fecha_fin: addDays(fecha_inicio, 14 * 7),
    monto_credito: 1000,
    monto_con_interes: 1400,
    monto_entregado: 1000,
    interes: 40,
    modalidad_pago: 'SEMANAL',
    abono: 100,
    total_pagos: 14,
    num_pago: 4,
    pagada: false,
    vencido: false,
    nombre_aval: null,
    telefono_aval: null,
    garantias: ['Televisor', 'Refrigerador'],
    created_at: `${fecha_inicio}T15:00:00.000Z`,
    closed_at: null,
    version: 1,
    ...overrides,
  };
  const rows: Amortization[] = Array.from({ length: loan.total_pagos }, (_, i) => ({
    id: id * 100 + i + 1,
    loan_id: id,
    numero_pago: i + 1,
    referencia: `${loan.loan_reference}-${i + 1}`,
    fecha_pago: addDays(fecha_inicio, 7 * (i + 1)),
    monto: loan.abono,
    pagada: false,
    parcial: 0,
    fecha_pagada: null,
    renovo: false,
    version: 1,
  }));
  return { loan, rows };
}

/** A client of municipality 1 as the device stores it. */
export const clientFixture = (id: number, overrides: Partial<LocalClient> = {}): LocalClient => ({
  id,
  nombre: `Cliente ${id}`,
  telefono: '2441234567',
  coordinadora: false,
  empleado: false,
  municipality_id: 1,
  account_id: 1,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
  ...overrides,
});

/** Municipality 1, Atlixco, collected on Mondays. */
export const municipalityFixture = (): LocalMunicipality => ({
  id: 1,
  name: 'Atlixco',
  collection_day: 'LUNES',
  delete: false,
  created_at: '2026-01-01T00:00:00Z',
  version: 1,
});

export const emptyChanges = (): SyncChanges => ({
  municipalities: [],
  clients: [],
  payment_methods: [],
  loans: [],
  amortizations: [],
  weekly_sheets: [],
  weekly_sheet_loans: [],
  visits: [],
  payments: [],
});

export function page(
  cursor: string,
  changes: Partial<SyncChanges> = {},
  extra: Partial<PullResponse> = {},
): PullResponse {
  return {
    cursor,
    lastMutationId: 0,
    hasMore: false,
    changes: { ...emptyChanges(), ...changes },
    tombstones: [],
    ...extra,
  };
}

/** A transport whose answers the test scripts; it records what the device sent. */
export function scriptedTransport(handlers: {
  push?: (req: PushRequest) => PushResponse | Promise<PushResponse>;
  pull?: (cursor: string | number | null | undefined) => PullResponse | Promise<PullResponse>;
}) {
  const pushes: PushRequest[] = [];
  const pulls: (string | number | null | undefined)[] = [];
  return {
    pushes,
    pulls,
    transport: {
      async push(req: PushRequest) {
        pushes.push(structuredClone(req));
        if (!handlers.push) throw new Error('push no esperado');
        return handlers.push(req);
      },
      async pull(req: { cursor?: string | number | null }) {
        pulls.push(req.cursor);
        return (handlers.pull ?? (() => page(String(req.cursor ?? 'c0'))))(req.cursor);
      },
    },
  };
}

/** Applies every mutation of a push (as the server would) and answers them all with `status`. */
export const answerAll =
  (status: 'applied' | 'rejected', reason?: string) =>
  (req: PushRequest): PushResponse => ({
    lastMutationId: req.mutations.at(-1)?.id ?? 0,
    results: req.mutations.map((m) => ({ id: m.id, status, ...(reason ? { reason } : {}) })),
  });

/** A fresh device that has synced one loan (loan 1, client 'Ana López'): where a mutator test starts. */
export async function syncedOneLoanDb(): Promise<LocalDb> {
  const db = freshDb();
  const { loan, rows } = loanFixture(1);
  const { transport } = scriptedTransport({
    pull: () =>
      page('c1', {
        loans: [loan],
        amortizations: rows,
        clients: [clientFixture(1, { nombre: 'Ana López' })],
      }),
  });
  await syncOnce(db, transport, { today: () => TODAY });
  return db;
}

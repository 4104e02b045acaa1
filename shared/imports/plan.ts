// What a filled-in template becomes (docs/producto.md §2.22, docs/reglas-del-negocio.md "Importar cartera"): every
// row checked with the shared schema and the account's catalogs, each loan's figures and schedule from the same
// rules as a loan made on the form, and its payments to date as ledger events. The browser shows this as the
// preview; the server runs it again on each batch before it writes anything.
import * as v from 'valibot';
import { phoneDigits } from '../clients/schemas';
import type { IsoDate } from '../dates';
import { type NewLoanFigures, newLoanFigures } from '../loans/new-loan-figures';
import { methodIssues } from '../loans/new-loan-rules';
import { buildSchedule, rowAmounts } from '../loans/schedule';
import { mensajes } from '../messages';
import { type Cents, cents, toPesos } from '../money';
import type { PaymentMethod } from '../payment-methods/types';
import {
  columnHeader,
  LOAN_SHEET,
  type LoanColumnKey,
  normalizeName,
  PAYMENT_SHEET,
  type PaymentColumnKey,
  paymentColumnHeader,
} from './columns';
import { importMessages as m } from './messages';
import { type ImportLoan, type ImportLoanRow, importLoanSchema } from './schemas';

/** The account's towns the importer may write (not deleted) and its payment methods. */
export interface ImportCatalog {
  municipios: readonly { id: number; name: string }[];
  methods: readonly PaymentMethod[];
}

/** A problem of the file, named as the user sees it: sheet, spreadsheet row and column header. */
export interface ImportIssue {
  hoja: string;
  fila: number;
  columna: string | null;
  mensaje: string;
  /** Where it is in the batch the API took ('loans.3.monto_credito'), for the 400's details; null: the file. */
  campo?: string | null;
}

export interface ImportedPayment {
  fecha: IsoDate;
  amount: Cents;
}

export interface PlannedLoan {
  /** Its place in the rows given (the batch's `loans` index). */
  index: number;
  loan: ImportLoan;
  /** Who the client is across files: the file's key, or else name and phone (clients.import_key). */
  clientKey: string;
  municipalityId: number;
  /** The town as the account writes it (the file may say 'atlixco'). */
  municipalityName: string;
  method: PaymentMethod;
  figures: NewLoanFigures;
  /** Each row's date and amount due, in order (buildSchedule, rowAmounts). */
  schedule: { fecha_pago: IsoDate; monto: Cents }[];
  payments: ImportedPayment[];
  pagado: Cents;
}

export interface ImportTotals {
  prestamos: number;
  clientes: number;
  montoCredito: Cents;
  montoConInteres: Cents;
  pagado: Cents;
  /** What the clients still owe: monto con interés less what they paid. */
  saldo: Cents;
  pagos: number;
}

export interface ImportPlan {
  loans: PlannedLoan[];
  issues: ImportIssue[];
  totals: ImportTotals;
}

export const clientKeyOf = (loan: Pick<ImportLoan, 'clave_cliente' | 'nombre' | 'telefono'>): string =>
  loan.clave_cliente
    ? `clave:${normalizeName(loan.clave_cliente)}`
    : `nombre:${normalizeName(loan.nombre)}|${phoneDigits(loan.telefono)}`;

/**
 * The payments to date when the file gives only their total: each row of the schedule in order receives up to its
 * amount, on its due date (today for a row not yet due: money is never dated in the future); rows of one date are
 * one event.
 */
export function paymentsBySchedule(
  schedule: readonly { fecha_pago: IsoDate; monto: Cents }[],
  pagado: Cents,
  today: IsoDate,
): ImportedPayment[] {
  const events: ImportedPayment[] = [];
  let left: number = pagado;
  for (const row of schedule) {
    if (left <= 0) break;
    const take = Math.min(row.monto, left);
    left -= take;
    const fecha = row.fecha_pago < today ? row.fecha_pago : today;
    const last = events[events.length - 1];
    if (last && last.fecha === fecha) last.amount = cents(last.amount + take);
    else events.push({ fecha, amount: cents(take) });
  }
  return events;
}

const METHOD_ISSUE_COLUMN: Record<string, LoanColumnKey> = {
  monto_credito: 'monto_credito',
  nombre_aval: 'nombre_aval',
  telefono_aval: 'telefono_aval',
};

/** Issues in the order the user meets them: 'Préstamos' first, then 'Pagos', each by row. */
export const byPlace = (a: ImportIssue, b: ImportIssue): number =>
  a.hoja === b.hoja ? a.fila - b.fila : a.hoja === LOAN_SHEET ? -1 : 1;

const rowNumber = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

export function planImport(
  rows: readonly ImportLoanRow[],
  catalog: ImportCatalog,
  today: IsoDate,
): ImportPlan {
  const issues: ImportIssue[] = [];
  const loans: PlannedLoan[] = [];
  const towns = new Map(catalog.municipios.map((t) => [normalizeName(t.name), t]));
  const methods = new Map(catalog.methods.map((x) => [x.modalidad_pago as string, x]));
  const firstReference = new Map<string, number>();
  const firstClient = new Map<string, number>();

  let position = 0;
  const loanIssue = (fila: number, key: LoanColumnKey | null, mensaje: string) =>
    issues.push({
      hoja: LOAN_SHEET,
      fila,
      columna: key && columnHeader(key),
      mensaje,
      campo: `loans.${position}${key ? `.${key}` : ''}`,
    });
  const paymentIssue = (fila: number, at: number, key: PaymentColumnKey | null, mensaje: string) =>
    issues.push({
      hoja: PAYMENT_SHEET,
      fila,
      columna: key && paymentColumnHeader(key),
      mensaje,
      campo: `loans.${position}.pagos.${at}${key ? `.${key}` : ''}`,
    });

  for (const [index, row] of rows.entries()) {
    position = index;
    // What the schema left without a message of its own (a cell of the wrong type sent by hand) still reads in Spanish.
    const parsed = v.safeParse(importLoanSchema, row, { message: () => mensajes.datosInvalidos });
    if (!parsed.success) {
      // A row the server got from elsewhere than the browser may lack its row number: its place in the sheet.
      const fila = rowNumber(row.fila, index + 2);
      for (const issue of parsed.issues) {
        const [first, at, field] = (issue.path ?? []).map((p) => p.key);
        if (first === 'pagos' && typeof at === 'number') {
          const pago = Array.isArray(row.pagos) ? row.pagos[at] : undefined;
          paymentIssue(
            rowNumber(pago?.fila, fila),
            at,
            (field as PaymentColumnKey | undefined) ?? null,
            issue.message,
          );
        } else loanIssue(fila, (first as LoanColumnKey | undefined) ?? null, issue.message);
      }
      continue;
    }
    const loan = parsed.output;
    const before = issues.length;

    const seen = firstReference.get(loan.referencia);
    if (seen !== undefined) loanIssue(loan.fila, 'referencia', m.referenciaRepetida(seen));
    else firstReference.set(loan.referencia, loan.fila);
    const clientKey = clientKeyOf(loan);
    const clientSeen = firstClient.get(clientKey);
    if (clientSeen !== undefined)
      loanIssue(loan.fila, loan.clave_cliente ? 'clave_cliente' : 'nombre', m.clienteRepetido(clientSeen));
    else firstClient.set(clientKey, loan.fila);

    const town = towns.get(normalizeName(loan.municipio));
    if (town === undefined) loanIssue(loan.fila, 'municipio', m.municipioNoExiste);
    const method = methods.get(normalizeName(loan.modalidad).toUpperCase());
    if (!method) loanIssue(loan.fila, 'modalidad', m.modalidadNoExiste(loan.modalidad));
    else
      for (const [field, message] of Object.entries(methodIssues(loan, method)))
        loanIssue(loan.fila, METHOD_ISSUE_COLUMN[field] ?? null, message);
    if (!method || town === undefined || issues.length > before) continue;

    const figures = newLoanFigures({
      montoCredito: loan.monto_credito,
      method,
      client: loan,
      fechaInicio: loan.fecha_inicio,
    });
    const { rows: scheduleRows } = buildSchedule({
      fechaInicio: loan.fecha_inicio,
      totalPagos: figures.totalPagos,
      modalidad: method.modalidad_pago,
      loanReference: 'PR-0',
    });
    const amounts = rowAmounts(figures.montoConInteres, figures.abono, figures.totalPagos);
    const schedule = scheduleRows.map((r, i) => ({ fecha_pago: r.fecha_pago, monto: amounts[i]! }));

    let payments: ImportedPayment[];
    let pagado: Cents;
    if (loan.pagos.length > 0) {
      for (const [at, p] of loan.pagos.entries()) {
        if (p.fecha < loan.fecha_inicio) paymentIssue(p.fila, at, 'fecha', m.pagoAntesDelInicio);
        else if (p.fecha > today) paymentIssue(p.fila, at, 'fecha', m.pagoFuturo);
      }
      pagado = cents(loan.pagos.reduce((sum, p) => sum + p.monto, 0));
      if (loan.pagado !== null && loan.pagado !== pagado)
        loanIssue(loan.fila, 'pagado', m.pagadoNoCoincide(toPesos(pagado)));
      payments = loan.pagos.map((p) => ({ fecha: p.fecha, amount: p.monto }));
    } else {
      pagado = loan.pagado ?? cents(0);
      payments = paymentsBySchedule(schedule, pagado, today);
    }
    if (pagado > figures.montoConInteres)
      loanIssue(loan.fila, 'pagado', m.pagadoExcede(toPesos(pagado), toPesos(figures.montoConInteres)));
    if (issues.length > before) continue;
    loans.push({
      index,
      loan,
      clientKey,
      municipalityId: town.id,
      municipalityName: town.name,
      method,
      figures,
      schedule,
      payments,
      pagado,
    });
  }
  issues.sort(byPlace);
  return { loans, issues, totals: totalsOf(loans) };
}

function totalsOf(loans: readonly PlannedLoan[]): ImportTotals {
  let montoCredito = 0;
  let montoConInteres = 0;
  let pagado = 0;
  let pagos = 0;
  for (const l of loans) {
    montoCredito += l.loan.monto_credito;
    montoConInteres += l.figures.montoConInteres;
    pagado += l.pagado;
    pagos += l.payments.length;
  }
  return {
    prestamos: loans.length,
    clientes: new Set(loans.map((l) => l.clientKey)).size,
    montoCredito: cents(montoCredito),
    montoConInteres: cents(montoConInteres),
    pagado: cents(pagado),
    saldo: cents(montoConInteres - pagado),
    pagos,
  };
}

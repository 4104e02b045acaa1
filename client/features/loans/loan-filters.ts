// The loans list's filters (docs/producto.md §2, §5): what the URL keeps, what the device list matches, what the server is
// sent. Pure, so the page, the server search and the tests share one definition.
import type { LoanStatus } from '../../../shared/loans/derived';
import type { Query } from '../../session/http';

/** docs/producto.md §2 status select: all / active / overdue. The URL uses these words (the dashboard links `?status=overdue`). */
export type LoanStatusFilter = 'all' | 'active' | 'overdue';

export const STATUS_OPTIONS: readonly { value: LoanStatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Activos' },
  { value: 'overdue', label: 'Vencidos' },
];

export interface LoanFilters {
  /** As typed; trimmed where it is used. */
  clientName: string;
  municipalityId: number | null;
  status: LoanStatusFilter;
}

export const EMPTY_FILTERS: LoanFilters = { clientName: '', municipalityId: null, status: 'all' };

/** The search params the list owns (the modal's `loan` and anything else are left alone). */
export const FILTER_PARAMS = ['clientName', 'municipalityId', 'status', 'page', 'source'] as const;

const positiveInt = (text: string | null): number | null => {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
};

export function parseLoanFilters(params: URLSearchParams): LoanFilters {
  const status = params.get('status');
  return {
    clientName: params.get('clientName') ?? '',
    municipalityId: positiveInt(params.get('municipalityId')),
    status: status === 'active' || status === 'overdue' ? status : 'all',
  };
}

/** Page from 1 (docs/producto.md §9); anything else in the URL reads as 1. */
export const parsePage = (params: URLSearchParams): number => positiveInt(params.get('page')) ?? 1;

/** Writes `filters` into `params` (empty ones removed), keeping the params the list does not own. */
export function writeLoanFilters(params: URLSearchParams, filters: LoanFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('clientName', filters.clientName === '' ? null : filters.clientName);
  set('municipalityId', filters.municipalityId === null ? null : String(filters.municipalityId));
  set('status', filters.status === 'all' ? null : filters.status);
  return next;
}

export const hasActiveFilters = (f: LoanFilters): boolean =>
  f.clientName.trim() !== '' || f.municipalityId !== null || f.status !== 'all';

/** Lower case without accents, so 'nunez' finds 'Núñez' (the server's search_text does the same). */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** docs/producto.md §5 semantics: active = neither paid nor overdue; overdue = vencido (whether paid or not is moot). */
export function statusMatches(filter: LoanStatusFilter, status: LoanStatus): boolean {
  if (filter === 'active') return status === 'Activo';
  if (filter === 'overdue') return status === 'Vencido';
  return true;
}

/**
 * GET /api/list-loans query (docs/producto.md §5, §7): a blank name is left out and the name is trimmed; the municipality
 * as an integer; active → activos=true&vencidos=false, overdue → activos=false&vencidos=true.
 */
export function serverLoanQuery(filters: LoanFilters, page: number, limit: number): Query {
  const name = filters.clientName.trim();
  return {
    page,
    limit,
    clientName: name === '' ? undefined : name,
    municipalityId: filters.municipalityId ?? undefined,
    ...(filters.status === 'active' ? { activos: true, vencidos: false } : {}),
    ...(filters.status === 'overdue' ? { activos: false, vencidos: true } : {}),
  };
}

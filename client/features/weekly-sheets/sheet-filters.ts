// docs/producto.md §2 client-side filters of /weekly-sheets: municipality, week text, processed state, creation dates.
import { dateInTimeZone, formatDate, type IsoDate } from '../../../shared/dates';

export type ProcessedFilter = 'todas' | 'procesadas' | 'pendientes';

export interface SheetFilters {
  municipalityId: number | null;
  week: string;
  processed: ProcessedFilter;
  startDate: IsoDate | '';
  endDate: IsoDate | '';
}

export const EMPTY_SHEET_FILTERS: SheetFilters = {
  municipalityId: null,
  week: '',
  processed: 'todas',
  startDate: '',
  endDate: '',
};

export const PROCESSED_OPTIONS: { value: ProcessedFilter; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'procesadas', label: 'Procesadas' },
  { value: 'pendientes', label: 'Pendientes' },
];

export const hasActiveSheetFilters = (f: SheetFilters) =>
  f.municipalityId !== null ||
  f.week.trim() !== '' ||
  f.processed !== 'todas' ||
  f.startDate !== '' ||
  f.endDate !== '';

interface FilterableSheet {
  municipality_id: number;
  week: string;
  coverage_week: IsoDate;
  processed: boolean;
  created_at: string;
}

/** The sheets that pass every filter; the week text matches '2026-W48' or the coverage date as shown. */
export function filterSheets<S extends FilterableSheet>(
  sheets: readonly S[],
  f: SheetFilters,
  timeZone?: string,
) {
  const text = f.week.trim().toLowerCase();
  return sheets.filter((s) => {
    if (f.municipalityId !== null && s.municipality_id !== f.municipalityId) return false;
    if (f.processed === 'procesadas' && !s.processed) return false;
    if (f.processed === 'pendientes' && s.processed) return false;
    if (text && !s.week.toLowerCase().includes(text) && !formatDate(s.coverage_week).includes(text))
      return false;
    const created = dateInTimeZone(new Date(s.created_at), timeZone);
    if (f.startDate && created < f.startDate) return false;
    if (f.endDate && created > f.endDate) return false;
    return true;
  });
}

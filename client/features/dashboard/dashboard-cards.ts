import type { DashboardResume } from '../../../shared/dashboard/types';

export type CardField =
  | 'weeklyCollectionAmount'
  | 'amountWaitToPay'
  | 'totalAmount'
  | 'activeLoans'
  | 'overdueLoans'
  | 'overdueAmount';

export interface DashboardCard {
  field: CardField & keyof DashboardResume;
  label: string;
  kind: 'money' | 'count';
  tone: 'teal' | 'blue' | 'red' | 'gray';
}

/** The six cards of docs/producto.md §2, in its order. Figures are defined in docs/reglas-del-negocio.md. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { field: 'weeklyCollectionAmount', label: 'Monto Semanal a Cobrar', kind: 'money', tone: 'teal' },
  { field: 'amountWaitToPay', label: 'Monto Total Pendiente de Pago', kind: 'money', tone: 'blue' },
  { field: 'totalAmount', label: 'Monto Total', kind: 'money', tone: 'gray' },
  { field: 'activeLoans', label: 'Préstamos Activos', kind: 'count', tone: 'teal' },
  { field: 'overdueLoans', label: 'Préstamos Vencidos', kind: 'count', tone: 'red' },
  { field: 'overdueAmount', label: 'Monto Total Vencido', kind: 'money', tone: 'red' },
];

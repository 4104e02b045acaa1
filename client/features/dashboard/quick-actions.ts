import type { Permission } from '../../../shared/permissions';

export interface QuickAction {
  id: string;
  label: string;
  /** Where the button goes; the button shows only once this route is registered (client/routes/registry.ts). */
  to: string;
  permission: Permission;
}

/** docs/producto.md §2 quick actions. The target screens read the query (?generar=1 opens the generation dialog, etc.). */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    id: 'generar-hoja',
    label: 'Generar Hoja de Cobro',
    to: '/weekly-sheets?generar=1',
    permission: 'HOJAS_GENERAR',
  },
  {
    id: 'nuevo-cliente',
    label: 'Registrar Nuevo Cliente',
    to: '/clients?nuevo=1',
    permission: 'CLIENTES_GESTIONAR',
  },
  {
    id: 'prestamos-vencidos',
    label: 'Ver Préstamos Vencidos',
    to: '/loans?status=overdue',
    permission: 'PRESTAMOS_VER',
  },
  {
    id: 'salud-cartera',
    label: 'Ver Salud de la Cartera',
    to: '/reports/portfolio',
    permission: 'REPORTES_VER',
  },
];

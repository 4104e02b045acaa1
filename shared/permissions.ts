// Permission catalogue (docs/producto.md §6.1). The server enforces; the client only hides what a role cannot use.
export const PERMISSIONS = {
  PRESTAMOS_VER: 'Ver préstamos, amortizaciones e historial de créditos',
  PRESTAMOS_CREAR: 'Crear préstamos y renovaciones',
  PAGOS_REGISTRAR: 'Registrar y editar pagos (abonos)',
  HOJAS_VER: 'Ver hojas semanales de cobro y sus préstamos',
  HOJAS_GENERAR: 'Generar hojas de cobro semanales',
  HOJAS_PROCESAR: 'Procesar hojas de cobro semanales',
  CLIENTES_GESTIONAR: 'Crear, editar y eliminar clientes',
  MUNICIPIOS_GESTIONAR: 'Crear, editar y eliminar municipios',
  USUARIOS_GESTIONAR: 'Crear, editar y eliminar usuarios',
  ROLES_GESTIONAR: 'Crear roles y asignar permisos',
  CUENTAS_GESTIONAR: 'Administrar cuentas y usuarios de otras cuentas',
  REPORTES_VER: 'Ver reportes financieros',
  EGRESOS_GESTIONAR: 'Registrar y editar egresos',
  INVERSIONES_GESTIONAR: 'Registrar inversiones',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const SEEDED_ROLES: Record<'ADMINISTRADOR' | 'CAPTURISTA' | 'COBRADOR', readonly Permission[]> = {
  ADMINISTRADOR: ALL_PERMISSIONS,
  CAPTURISTA: ALL_PERMISSIONS.filter(
    (p) => p !== 'USUARIOS_GESTIONAR' && p !== 'ROLES_GESTIONAR' && p !== 'CUENTAS_GESTIONAR',
  ),
  COBRADOR: ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER'],
};

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

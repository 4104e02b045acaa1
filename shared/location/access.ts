// Who reads where payments and visits happened (docs/producto.md §6.1, decision 029): the office that watches
// the field and the money (REPORTES_VER: ADMINISTRADOR and CAPTURISTA). A COBRADOR reads no location at all,
// so never another collector's.
import type { Permission } from '../permissions';

export const LOCATION_READ_PERMISSION: Permission = 'REPORTES_VER';

export const readsLocations = (permissions: readonly Permission[]): boolean =>
  permissions.includes(LOCATION_READ_PERMISSION);

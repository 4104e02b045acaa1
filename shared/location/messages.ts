// Spanish texts of located visits and payments (decision 029).
import type { MotivoSinUbicacion } from './types';

export const locationMessages = {
  ubicacionInvalida: 'La ubicación enviada no es válida',
  registrarInvalido: 'Indique si la cuenta registra ubicaciones (sí o no)',
  cuentaSinUbicacion: 'Esta cuenta no registra ubicaciones',
  ubicacionDuplicada: 'Esta ubicación ya fue guardada (recibo duplicado)',
  ajustesGuardados: 'Ajustes guardados',
} as const;

/** Why a payment or visit has no location, as the office reads it. */
export const SIN_UBICACION_TEXTO: Record<MotivoSinUbicacion, string> = {
  denegada: 'Sin ubicación: el teléfono no dio permiso',
  no_disponible: 'Sin ubicación: el teléfono no la tenía',
  vieja: 'Sin ubicación: la última tenía más de 2 minutos',
};

// Where a signed-in user lands (docs/producto.md §2.1). Kept apart from the route table so the login screen,
// which runs before the router's code has arrived, can use it: nothing here imports the router.
import type { SessionUser } from '../../shared/auth/types';
import { userCan } from '../session/user-can';

/** The office's home. */
export const OFFICE_HOME = '/dashboard';

/** The field's home: the week's route of visits and payments. The route table asks the same permissions. */
export const FIELD_HOME = '/cobranza';
export const FIELD_HOME_PERMISSIONS = ['HOJAS_VER', 'PAGOS_REGISTRAR'] as const;

/**
 * A field user (a collector): cannot create loans, and may work Cobranza. The menu puts Cobranza first for
 * them and they land on it.
 */
export const isFieldUser = (user: SessionUser | null): boolean =>
  user !== null && !userCan(user, 'PRESTAMOS_CREAR') && userCan(user, FIELD_HOME_PERMISSIONS);

/** Where '/', /login and a sign-in send this user (docs/producto.md §2.1): Cobranza in the field, else the dashboard. */
export const homePathFor = (user: SessionUser | null): string =>
  isFieldUser(user) ? FIELD_HOME : OFFICE_HOME;

/** Every home there is: what the login screen fetches ahead, before it knows who signs in. */
export const HOME_PATHS = [OFFICE_HOME, FIELD_HOME] as const;

import type { SessionUser } from '../../shared/auth/types';
import type { Permission } from '../../shared/permissions';

/** Whether the user's role grants `permission` (all of them, for a list; none needed: any signed-in user). */
export const userCan = (user: SessionUser | null, permission?: Permission | readonly Permission[]): boolean =>
  user !== null &&
  (permission === undefined ||
    (typeof permission === 'string' ? [permission] : permission).every((p) => user.permissions.includes(p)));

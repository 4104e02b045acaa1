import type { SessionUser } from '../../shared/auth/types';
import type { Permission } from '../../shared/permissions';

/** Whether the user's role grants `permission` (no permission needed: any signed-in user). */
export const userCan = (user: SessionUser | null, permission?: Permission): boolean =>
  user !== null && (permission === undefined || user.permissions.includes(permission));

import { createContext } from 'react';
import type { LoginInput } from '../../shared/auth/schemas';
import type { SessionUser } from '../../shared/auth/types';

export interface SessionValue {
  /** The signed-in user, or null when signed out. */
  user: SessionUser | null;
  signIn: (input: LoginInput) => Promise<SessionUser>;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

// The token the server gave this phone at a login (decision 016). Sent with every later login, it tells the
// server this account signed in here before, so strangers failing logins behind the same connection, or
// attacking the account from elsewhere, do not lock its owner out. One per phone, for every user of it; kept
// across sign-outs. Losing it only means the next login counts as a new phone's.
export const LOGIN_DEVICE_KEY = 'loginDevice';

export function readLoginDevice(): string | undefined {
  try {
    return localStorage.getItem(LOGIN_DEVICE_KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function keepLoginDevice(token: unknown): void {
  if (typeof token !== 'string' || token === '') return;
  try {
    localStorage.setItem(LOGIN_DEVICE_KEY, token);
  } catch {
    // Storage full or blocked: the next login is simply a new phone's.
  }
}

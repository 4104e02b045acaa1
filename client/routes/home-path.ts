/**
 * Where '' and /login send a signed-in user (docs/producto.md §2). Kept apart from the route table so the login screen,
 * which runs before the router's code has arrived, can use it.
 */
export const HOME_PATH = '/dashboard';

/** Routes reachable without a session (spec §2 fixed routes). */
export const NO_AUTH_PATHS: readonly string[] = ['/login', '/403', '/404', '/500'];

export const LOGIN_PATH = '/login';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** The stored token is an empty string: forget the session locally, then go to /login. */
  | { kind: 'localLogout' };

/**
 * The navigation guard of spec §2, as a pure decision: `token` is the stored access token (undefined when there is
 * none, '' when it was emptied).
 */
export function decideNavigation(path: string, token: string | undefined): GuardDecision {
  if (token === '') return { kind: 'localLogout' };
  if (token === undefined) {
    return NO_AUTH_PATHS.includes(path) ? { kind: 'allow' } : { kind: 'redirect', to: LOGIN_PATH };
  }
  return path === LOGIN_PATH ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
}

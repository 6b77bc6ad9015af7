import { siteConfig } from '../../providers/config';

export const LOGIN_PATH = '/login';
export const LOCK_PATH: string = siteConfig.lockPage;

/** Routes reachable without a session (spec §2 fixed routes: login, lock and error pages). */
export const NO_AUTH_PATHS: readonly string[] = [LOGIN_PATH, LOCK_PATH, '/403', '/404', '/500'];

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** The stored token is an empty string: forget the session locally, then go to /login. */
  | { kind: 'localLogout' };

/**
 * The navigation guard of spec §2, as a pure decision: `token` is the stored access token (undefined when there is
 * none, '' when it was emptied); `locked` is the stored lock flag (`isLock`), which only matters with a session.
 */
export function decideNavigation(path: string, token: string | undefined, locked = false): GuardDecision {
  if (token === '') return { kind: 'localLogout' };
  if (token === undefined) {
    return NO_AUTH_PATHS.includes(path) ? { kind: 'allow' } : { kind: 'redirect', to: LOGIN_PATH };
  }
  if (locked) return path === LOCK_PATH ? { kind: 'allow' } : { kind: 'redirect', to: LOCK_PATH };
  return path === LOGIN_PATH ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
}

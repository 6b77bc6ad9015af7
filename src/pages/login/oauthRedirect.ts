import { siteConfig, type SocialSource } from '../../../providers/config';
import { getStore, removeStore, setStore } from '../../../providers/storage';

/**
 * The browser side of the two OAuth2 redirects the login page starts: social sources and single sign-on. The page
 * leaves for the provider with a random `state`, kept in session storage, and accepts a callback only when it brings
 * that state back (a forged callback cannot sign anyone in).
 */

const PENDING_KEY = 'oauthPending';

/** What the page remembers while the browser is away at the provider. */
export interface PendingAuthorization {
  kind: 'social' | 'sso';
  state: string;
  source?: string;
  /** Tenant the social account signs in to (the one entered on the page when it left). */
  tenantId?: string;
  redirectUri: string;
}

/** A provider's answer as the login page's query string brings it. */
export type AuthorizationCallback =
  | { kind: 'social'; source: string; code: string; state: string; tenantId?: string }
  | { kind: 'sso'; code: string; redirectUri: string }
  | { kind: 'invalid' };

export const loginUrl = (origin: string) => `${origin}/login`;

export function socialRedirectUri(source: SocialSource, origin: string): string {
  return source.redirectUri || `${loginUrl(origin)}?source=${encodeURIComponent(source.source)}`;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function authorizeUrl(endpoint: string, clientId: string, redirectUri: string, state: string, origin: string): string {
  const url = new URL(endpoint, origin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

function remember(pending: PendingAuthorization): void {
  setStore({ name: PENDING_KEY, content: pending, type: 'session' });
}

/** The provider's authorization address for a social source; remembers the state to expect back. */
export function startSocialAuthorization(source: SocialSource, origin: string, tenantId?: string): string {
  const state = randomState();
  const redirectUri = socialRedirectUri(source, origin);
  remember({ kind: 'social', state, source: source.source, tenantId, redirectUri });
  return authorizeUrl(source.authorizeUrl, source.clientId, redirectUri, state, origin);
}

/** The SSO server's authorization address (client `saber`, back to /login); remembers the state to expect back. */
export function startSsoAuthorization(origin: string): string {
  const state = randomState();
  const redirectUri = loginUrl(origin);
  remember({ kind: 'sso', state, redirectUri });
  return authorizeUrl(siteConfig.ssoAuthorizeUrl, siteConfig.clientId, redirectUri, state, origin);
}

/**
 * Reads a callback off the query string (`code` and `state`, plus `source` for social logins). The remembered
 * authorization is used up either way; no `code` means no callback.
 */
export function takeAuthorizationCallback(search: URLSearchParams): AuthorizationCallback | undefined {
  const code = search.get('code');
  if (!code) return undefined;
  const pending = getStore<PendingAuthorization>({ name: PENDING_KEY });
  removeStore({ name: PENDING_KEY, type: 'session' });
  if (!pending || pending.state !== search.get('state')) return { kind: 'invalid' };
  if (pending.kind === 'sso') return { kind: 'sso', code, redirectUri: pending.redirectUri };
  const source = search.get('source') || pending.source;
  if (!source || source !== pending.source) return { kind: 'invalid' };
  return { kind: 'social', source, code, state: pending.state, tenantId: pending.tenantId };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/types';
import { GUEST_USER_ID } from '../users/token-response';
import type { BladeEnv, BladeUser, SessionCheck } from './context';
import { unauthorized } from './errors';
import type { TokenClaims, TokenService } from './token';

/** The JWT of a request: header `Blade-Auth: bearer <jwt>`, query `blade-auth=bearer <jwt>`, or `Authorization: Bearer`. */
export function tokenOf(headers: { get(name: string): string | null | undefined }, queryToken?: string): string | undefined {
  const candidates = [headers.get('blade-auth'), queryToken, headers.get('authorization')];
  for (const candidate of candidates) {
    const match = candidate?.match(/^bearer\s+(\S+)$/i);
    if (match) return match[1];
  }
  return undefined;
}

/** A public path entry ending in `/` covers every path below it (e.g. uploaded files, `render/{source}`). */
function isPublicPath(publicPaths: Set<string>, path: string): boolean {
  if (publicPaths.has(path)) return true;
  for (const entry of publicPaths) if (entry.endsWith('/') && path.startsWith(entry)) return true;
  return false;
}

export function userOfClaims(claims: TokenClaims): BladeUser {
  return {
    tenantId: claims.tenant_id,
    userId: claims.user_id,
    account: claims.account,
    userName: claims.user_name,
    nickName: claims.nick_name,
    realName: claims.real_name,
    roleId: claims.role_id,
    roleName: claims.role_name,
    deptId: claims.dept_id,
    postId: claims.post_id,
    clientId: claims.client_id,
    sessionId: claims.session_id,
  };
}

export interface AuthPaths {
  /** Answered without a token. */
  publicPaths: Set<string>;
  /** The only paths a social guest's token (no user, no role) may call: applying for an account. */
  guestPaths: Set<string>;
}

/**
 * Requires a valid access token of a live session except on public paths; answers the 401 envelope otherwise.
 * Sets `user` from the token's claims; the session check is answered from memory unless something was revoked.
 */
export function requireAuth(tokens: TokenService, sessions: SessionCheck, paths: AuthPaths): MiddlewareHandler<BladeEnv> {
  return async (c, next) => {
    if (isPublicPath(paths.publicPaths, c.req.path)) return next();
    const token = tokenOf(c.req.raw.headers, c.req.query('blade-auth'));
    const claims = token ? await tokens.verify(token, 'access_token') : undefined;
    if (!claims) throw unauthorized();
    let authRevision: string | undefined;
    if (claims.user_id === GUEST_USER_ID) {
      if (!paths.guestPaths.has(c.req.path)) throw unauthorized();
    } else {
      authRevision = await sessions.liveAt(claims.session_id, claims.user_id, claims.tenant_id);
      if (authRevision === undefined) throw unauthorized();
    }
    c.set('user', { ...userOfClaims(claims), authRevision });
    return next();
  };
}

/** Client secrets are kept as SHA-256 hex. */
export const hashClientSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** `Authorization: Basic base64(clientId:clientSecret)`, split; undefined when absent or malformed. */
export function basicCredentials(header: string | undefined | null): { clientId: string; secret: string } | undefined {
  const match = header?.match(/^basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export type ClientCheck = { clientId: string; grantTypes: string[] } | { failure: 'unknown-client' | 'wrong-secret' };

/** Checks Basic credentials against the live, enabled rows of `blade_client`; answers the grant types it may use. */
export async function checkClient(db: Db, header: string | undefined | null): Promise<ClientCheck> {
  const credentials = basicCredentials(header);
  if (!credentials) return { failure: 'unknown-client' };
  const [client] = await db.query<{ client_secret: string; authorized_grant_types: string | null }>(
    'SELECT client_secret, authorized_grant_types FROM blade_client WHERE client_id = $1 AND is_deleted = 0 AND status = 1',
    [credentials.clientId],
  );
  if (!client) return { failure: 'unknown-client' };
  const expected = Buffer.from(client.client_secret, 'utf8');
  const actual = Buffer.from(hashClientSecret(credentials.secret), 'utf8');
  const matches = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (!matches) return { failure: 'wrong-secret' };
  const grantTypes = (client.authorized_grant_types ?? '').split(',').map((type) => type.trim()).filter(Boolean);
  return { clientId: credentials.clientId, grantTypes };
}

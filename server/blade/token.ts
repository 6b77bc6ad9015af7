import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { BoundedCache, processWide } from '../bounded-cache';
import type { Db } from '../db/types';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 604800;

export type TokenType = 'access_token' | 'refresh_token';

/** JWT claims, snake_case as BladeX puts them (blade-contract §3). */
export interface TokenClaims {
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  detail: { type: string };
  client_id: string;
  session_id: string;
  token_type: TokenType;
}

export interface TokenService {
  /** `seconds`: the lifetime (a client's own validity), else 3600 for access and 604800 for refresh tokens. */
  sign(claims: Omit<TokenClaims, 'token_type'>, type: TokenType, seconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token of that type, else undefined. */
  verify(token: string, type: TokenType): Promise<TokenClaims | undefined>;
}

const SIGN_KEY_SETTING = 'jwt_sign_key';

/**
 * The installation's HS512 key: the configured one, else the one kept in the database, else a new random key
 * stored there (first writer wins, so several instances on one database share it).
 */
export async function loadSignKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.query(
    'INSERT INTO blade_setting (setting_key, setting_value) VALUES ($1, $2) ON CONFLICT (setting_key) DO NOTHING',
    [SIGN_KEY_SETTING, randomBytes(64).toString('base64')],
  );
  const [row] = await db.query<{ setting_value: string }>(
    'SELECT setting_value FROM blade_setting WHERE setting_key = $1',
    [SIGN_KEY_SETTING],
  );
  return Buffer.from(row.setting_value, 'base64');
}

/**
 * Tokens whose signature was checked, by their exact text: every request of a signed-in screen carries the same token,
 * and checking an HS512 signature (WebCrypto, on the thread pool) cost a tenth of a cheap list read. The expiry is
 * still checked at each use; revocation is the session check's, at each request.
 */
const verified = processWide(
  new BoundedCache<string, { payload: TokenClaims & { nbf?: number; exp?: number }; key: Uint8Array }>('verifiedTokens', {
    maxEntries: 5_000,
    maxBytes: 8 * 1024 * 1024,
    sizeOf: (token) => 2 * token.length + 1024,
  }),
);

/** Whether the claims' time window (`nbf`, `exp`, in seconds) holds now. */
const inTime = (payload: { nbf?: number; exp?: number }) => {
  const now = Date.now() / 1000;
  return (payload.nbf === undefined || payload.nbf <= now) && (payload.exp === undefined || now < payload.exp);
};

export function createTokenService(key: Uint8Array): TokenService {
  return {
    sign(claims, type, lifetime) {
      const seconds = lifetime ?? (type === 'access_token' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS);
      return new SignJWT({ ...claims, token_type: type })
        .setProtectedHeader({ alg: 'HS512', typ: 'JsonWebToken' })
        .setIssuer('issuser')
        .setAudience('audience')
        .setNotBefore('0s')
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(key);
    },
    async verify(token, type) {
      const known = verified.get(token);
      // Checked with this service's key (a test's second server signs with another).
      if (known && known.key === key) return inTime(known.payload) && known.payload.token_type === type ? known.payload : undefined;
      try {
        const { payload } = await jwtVerify<TokenClaims>(token, key, { algorithms: ['HS512'] });
        verified.set(token, { payload, key });
        return payload.token_type === type ? payload : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
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
      try {
        const { payload } = await jwtVerify<TokenClaims>(token, key, { algorithms: ['HS512'] });
        return payload.token_type === type ? payload : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

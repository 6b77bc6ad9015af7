import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ServerConfig } from '../config';
import { decryptField } from '../modules/auth/sm2';

const BCRYPT_ROUNDS = 10;
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** The stored form of a password: bcrypt of the lower-case md5 hex the browser sends. */
export const hashMd5Password = (md5: string) => bcrypt.hash(md5.toLowerCase(), BCRYPT_ROUNDS);

/** The stored form of a password typed in plain (seeds, the SSO form). */
export const hashPlainPassword = (plain: string) => hashMd5Password(md5Hex(plain));

/** Whether the md5 hex the browser sent is the stored password. */
export async function passwordMatches(stored: string | null, md5: string): Promise<boolean> {
  return !!stored && (await bcrypt.compare(md5.toLowerCase(), stored));
}

/** A password as sent (md5 hex, possibly SM2-encrypted) → md5 hex, or '' when it is not one. */
export function sentMd5(config: ServerConfig, sent: string | undefined): string {
  const md5 = sent ? decryptField(config, sent) : '';
  return MD5_HEX.test(md5) ? md5.toLowerCase() : '';
}

/** The stored hash of a password as sent, or undefined if malformed. */
export async function hashSentPassword(config: ServerConfig, sent: string | undefined): Promise<string | undefined> {
  const md5 = sentMd5(config, sent);
  return md5 ? hashMd5Password(md5) : undefined;
}

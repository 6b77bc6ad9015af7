import { md5 } from 'js-md5';
import { siteConfig } from './config';

/**
 * What login and registration put on the wire for secrets (spec §5 "passwords and phone numbers are encrypted before
 * sending"; blade-contract §3). Passwords are always md5-hashed as BladeX does; with an SM2 public key in the site
 * settings the md5 hash and phone numbers are additionally SM2-encrypted (cipher mode 0 = C1C2C3, hex without `04`),
 * so a server holding the private key decrypts to exactly what it gets without SM2.
 */

/** SM2 ciphertext of `plain` under the configured key, or `plain` itself when no key is configured. */
export async function encryptForServer(plain: string): Promise<string> {
  const publicKey = siteConfig.sm2PublicKey;
  if (!publicKey) return plain;
  // Loaded only on deployments that use SM2: the library would otherwise weigh on the login page's first load.
  const { sm2 } = await import('sm-crypto');
  return sm2.doEncrypt(plain, publicKey, 0);
}

export function encryptPassword(password: string): Promise<string> {
  return encryptForServer(md5(password));
}

/** Phone numbers travel plain unless SM2 is configured. */
export function encryptPhone(phone: string): Promise<string> {
  return encryptForServer(phone);
}

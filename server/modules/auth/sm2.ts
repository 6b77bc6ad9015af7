import { sm2 } from 'sm-crypto';
import type { ServerConfig } from '../../config';

/** SM2 ciphertext as sm-crypto's `doEncrypt` makes it: hex C1 (64 bytes) C2 C3 (32 bytes), without the `04` prefix. */
const SM2_CIPHER = /^[0-9a-fA-F]{194,}$/;

/**
 * A password or phone number as the browser sent it, decrypted when it is SM2 ciphertext and the server holds the
 * key (blade-contract §3); plain values (md5 hex, 11 digits) pass unchanged. Undecryptable ciphertext yields ''.
 */
export function decryptField(config: Pick<ServerConfig, 'sm2PrivateKey'>, sent: string): string {
  if (!config.sm2PrivateKey || !SM2_CIPHER.test(sent)) return sent;
  try {
    return sm2.doDecrypt(sent, config.sm2PrivateKey, 0) || '';
  } catch {
    return '';
  }
}

/** Object keys as stored: relative, `/`-separated, no empty, `.` or `..` segment, no control characters or backslash. */
export const MAX_KEY_BYTES = 1024;

export function isSafeKey(key: string): boolean {
  if (key === '' || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Bucket names as S3 allows them (lower case, digits, dots, hyphens), so they never escape a folder either. */
export const isBucketName = (name: string) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes('..');

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

/**
 * A new object's key by the spec's pattern `{folder}/{name}_fb_{size}_b_{timestamp}.{ext}` (`script/...` for test
 * scripts). The name keeps letters (any script), digits, `_` and `-`; everything else, path separators included,
 * becomes `_`, so a file name can never add a folder.
 */
export function uploadKey(folder: string, fileName: string, size: number, timestamp: number): { key: string; extension: string } {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const rawExtension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const extension = /^[a-z0-9]{1,10}$/.test(rawExtension) ? rawExtension : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 100) || 'file';
  return { key: `${folder}/${stem}_fb_${size}_b_${timestamp}${extension ? `.${extension}` : ''}`, extension };
}

/** Objects of a tenant live under its id: a key a caller sends can only ever name an object of its own tenant. */
export const tenantObjectKey = (tenantId: string, key: string) => `${tenantId}/${key}`;

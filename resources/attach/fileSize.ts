const UNITS = ['B', 'KB', 'MB', 'GB'];

/** `1536` → `1.5 KB`: a file's size as people read it (one decimal below 10 of a unit, none above). */
export function fileSizeText(bytes: unknown): string {
  const value = Number(bytes);
  if (!Number.isFinite(value) || value < 0) return '';
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || size >= 10 ? 0 : 1;
  return `${size.toFixed(digits)} ${UNITS[unit]}`;
}

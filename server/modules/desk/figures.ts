import type { StatusCount } from '../../../resources/wire';

export type { DashboardFigures, DayCount, RecentTaskRecord, StatusBreakdown, StatusCount } from '../../../resources/wire';

export const RUNS_PER_DAY_SPAN = 14;
export const RECENT_RECORDS_LIMIT = 10;

/**
 * Dictionary items in their order, each with its count (0 when no row has it), followed by values found in the rows
 * that the dictionary does not know (a null value reads as key "").
 */
export function mergeWithDictionary(
  items: { key: string; label: string }[],
  counts: { key: string | null; count: number }[],
): StatusCount[] {
  const byKey = new Map(counts.map((row) => [row.key ?? '', row.count]));
  const merged: StatusCount[] = items.map((item) => ({ key: item.key, label: item.label, count: byKey.get(item.key) ?? 0 }));
  const known = new Set(items.map((item) => item.key));
  for (const [key, count] of byKey) if (!known.has(key)) merged.push({ key, label: null, count });
  return merged;
}

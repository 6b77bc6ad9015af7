import { useCustom } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import type { MenuItem } from '../../providers/access';
import type { BladeMeta } from '../../providers/data';
import { leafMenus } from './menuTree';

/** The caller's open tasks: to claim (待签事务) and to handle (待办事务). Under `work/`, so a claim or a completion,
 * which reads 我的事务 again, reads these too. */
export const WORK_COUNTS_URL = '/api/blade-flow/work/counts';
/** Tasks also arrive from others' doings (a leave sent to the approver): read again now and then, and on focus. */
const REFRESH_MS = 60_000;

interface WorkCounts {
  claim: number;
  todo: number;
}

/** Which count each counted entry shows. */
const COUNTED: Record<string, keyof WorkCounts> = { work_claim: 'claim', work_todo: 'todo' };

/**
 * The number a menu entry shows beside its name: 待签事务 and 待办事务 their open tasks, a group the sum of its entries'
 * (我的事务); 0 for the others. Read only when the menu holds a counted entry.
 */
export function useMenuCounts(menus: readonly MenuItem[]): (menu: MenuItem) => number {
  const counted = useMemo(() => leafMenus(menus).some((menu) => menu.code in COUNTED), [menus]);
  const meta: BladeMeta = { silent: true };
  const { query } = useCustom<WorkCounts>({
    url: WORK_COUNTS_URL,
    method: 'get',
    meta,
    queryOptions: { enabled: counted, refetchInterval: REFRESH_MS },
    errorNotification: false,
  });
  const counts = query.data?.data;
  return useCallback(
    (menu: MenuItem): number => {
      if (!counts) return 0;
      if (menu.children && menu.children.length > 0) return leafMenus(menu.children).reduce((sum, leaf) => sum + (COUNTED[leaf.code] ? Number(counts[COUNTED[leaf.code]]) || 0 : 0), 0);
      return COUNTED[menu.code] ? Number(counts[COUNTED[menu.code]]) || 0 : 0;
    },
    [counts],
  );
}

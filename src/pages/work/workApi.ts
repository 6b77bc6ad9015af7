import { useCustom } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useCallback } from 'react';
import type { ClientRegistry } from '../../registry';

/** The flow calls of 我的事务 (BladeX paths) and the leave process's own. */
export const FLOW_API = '/api/blade-flow';
export const LEAVE_API = '/api/blade-desk/process/leave';

/** The five lists of 我的事务; `leave` is 发起事务 narrowed to the leave process (the 请假流程 menu). */
export type WorkKind = 'start' | 'claim' | 'todo' | 'send' | 'done' | 'leave';

export const WORK_LIST_URL: Record<WorkKind, string> = {
  start: `${FLOW_API}/work/start-list`,
  leave: `${FLOW_API}/work/start-list`,
  claim: `${FLOW_API}/work/claim-list`,
  todo: `${FLOW_API}/work/todo-list`,
  send: `${FLOW_API}/work/send-list`,
  done: `${FLOW_API}/work/done-list`,
};

/** The button (menu code) each list's row action needs: 发起, 新增 under 请假流程, 签收, 办理, 查看. */
export const WORK_ACTION_CODE: Record<WorkKind, string> = {
  start: 'work_start_start',
  leave: 'work_leave_add',
  claim: 'work_claim_claim',
  todo: 'work_todo_handle',
  send: 'work_send_view',
  done: 'work_done_view',
};

/** A row of any work list: a deployed process (start), a task (claim, todo, done) or an instance (send). */
export interface WorkRow {
  id?: string;
  taskId?: string;
  taskName?: string;
  processDefinitionId?: string;
  processDefinitionName?: string;
  processDefinitionVersion?: number;
  processInstanceId?: string;
  businessId?: string;
  category?: string;
  categoryName?: string;
  name?: string;
  key?: string;
  version?: number;
  startUser?: string;
  assigneeName?: string;
  createTime?: string;
  endTime?: string;
  deploymentTime?: string;
  processInstanceStartTime?: string;
  comment?: string;
  processIsFinished?: string;
}

export interface BladePage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface HistoryRow {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  historyActivityDurationTime: string;
  assigneeName: string;
  createTime: string;
  endTime: string;
  comment: string;
}

export interface LeaveRecord {
  id: string;
  processDefinitionId: string;
  processInstanceId: string;
  leaveType: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  applyTime: string;
  createUserName: string;
  flow: { status: string; taskName: string } | null;
}

/** One page of a work list, with the caller's paging (BladeX `current`/`size`). */
export function useWorkPage(kind: WorkKind, current: number, size: number) {
  const { query } = useCustom<BladePage<WorkRow>>({
    url: WORK_LIST_URL[kind],
    method: 'get',
    config: { query: { current, size, ...(kind === 'leave' ? { category: 'flow_1' } : {}) } },
    errorNotification: false,
  });
  return query;
}

/** A query of a 我的事务 call (`useCustom` keeps its url among its key's parts): a list, or the menu's counts. */
const isWorkQuery = (key: readonly unknown[]) =>
  key.some((part) => typeof part === 'object' && part !== null && String((part as { url?: unknown }).url ?? '').startsWith(`${FLOW_API}/work/`));

/**
 * Reads 我的事务 again after the caller changed it (claimed, completed or started a task): the lists shown and the
 * counts on the menu entries.
 */
export function useInvalidateWork(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (query) => isWorkQuery(query.queryKey) }), [queryClient]);
}

/** The start, tasks and end of an instance with their holders and comments. */
export function useFlowHistory(processInstanceId: string | undefined) {
  const { query } = useCustom<HistoryRow[]>({
    url: `${FLOW_API}/process/history-flow-list`,
    method: 'get',
    config: { query: { processInstanceId } },
    errorNotification: false,
    queryOptions: { enabled: !!processInstanceId },
  });
  return query;
}

export function useLeaveDetail(businessId: string | undefined) {
  const { query } = useCustom<LeaveRecord>({
    url: `${LEAVE_API}/detail`,
    method: 'get',
    config: { query: { businessId } },
    errorNotification: false,
    queryOptions: { enabled: !!businessId },
  });
  return query;
}

/** The route keys that have forms of their own; any other process gets the generic form. */
const FORM_ROUTE_KEYS = new Set(['leave', 'review']);
export const GENERIC_ROUTE_KEY = 'generic';

/**
 * The route key of a flow category's form: the `flow` dictionary's remark (`flow_1` → `leave`), as Saber's flow
 * routes read it (routeKey `code_dictKey`, routeValue remark); a category without a form of its own (a model drawn
 * in 模型设计) gets the generic one.
 */
export function flowRouteKeyOf(registry: ClientRegistry, category: string | undefined): string {
  const key = (category ?? '').replace(/^flow_/, '');
  const dict = registry.dictionaries.find((entry) => entry.code === 'flow' && !entry.biz);
  const remark = dict?.items.find((item) => item.key === key)?.remark;
  return remark && FORM_ROUTE_KEYS.has(remark) ? remark : GENERIC_ROUTE_KEY;
}

/** A process without a business record (the generic form) has no business id in its addresses. */
const businessPart = (row: WorkRow) => (row.businessId ? `/${row.businessId}` : '');

/** Where a row's form opens: to start, to handle a task, or to read the record. */
export const flowPaths = {
  form: (routeKey: string, processDefinitionId: string) => `/work/process/${routeKey}/form/${encodeURIComponent(processDefinitionId)}`,
  handle: (routeKey: string, row: WorkRow) => `/work/process/${routeKey}/handle/${row.taskId}/${row.processInstanceId}${businessPart(row)}`,
  detail: (routeKey: string, row: WorkRow) => `/work/process/${routeKey}/detail/${row.processInstanceId}${businessPart(row)}`,
};

/** Both days counted, as the server counts them. */
export function leaveDaysBetween(start?: Dayjs | null, end?: Dayjs | null): number | undefined {
  if (!start || !end || end.isBefore(start, 'day')) return undefined;
  return end.startOf('day').diff(start.startOf('day'), 'day') + 1;
}

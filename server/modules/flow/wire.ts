import type { Registry } from '../../../resources/registry';
import { formatDateTime } from '../../blade/serializer';

/**
 * The BladeX shapes of the flow calls (BladeFlow, FlowProcess, FlowModel): camelCase names as Saber reads them,
 * datetimes as `yyyy-MM-dd HH:mm:ss`, ids as strings.
 */

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const time = (value: unknown) => (value instanceof Date ? formatDateTime(value) : text(value));

/** `bpmn:UserTask` → `userTask`, as Flowable names activity types. */
export const activityType = (type: unknown) => {
  const bare = text(type).replace(/^bpmn:/, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
};

/** The `flow` dictionary's label of a category (`flow_1` → 请假流程). */
export function categoryNameOf(registry: Registry, category: unknown): string {
  const key = text(category).replace(/^flow_/, '');
  const dict = registry.dictionaries.find((entry) => entry.code === 'flow' && !entry.biz);
  return dict?.items.find((item) => item.key === key)?.label.zh ?? '';
}

export const processWire = (registry: Registry, row: Row) => ({
  id: text(row.process_definition_id),
  processDefinitionId: text(row.process_definition_id),
  tenantId: text(row.tenant_id),
  name: text(row.name),
  key: text(row.process_key),
  description: text(row.description),
  category: text(row.category),
  categoryName: categoryNameOf(registry, row.category),
  version: Number(row.version),
  deploymentId: text(row.id),
  resourceName: text(row.resource_name),
  diagramResourceName: text(row.resource_name),
  suspensionState: Number(row.suspension_state),
  deploymentTime: time(row.deployment_time),
});

/** The process an instance or a task belongs to, and who started it: the fields both lists carry. */
const processOfRow = (registry: Registry, row: Row) => ({
  processDefinitionId: text(row.process_definition_id),
  processDefinitionKey: text(row.process_key),
  processDefinitionName: text(row.process_name),
  processDefinitionVersion: Number(row.version),
  category: text(row.category),
  categoryName: categoryNameOf(registry, row.category),
  businessTable: text(row.business_table),
  businessId: text(row.business_id),
  startUserId: text(row.create_user),
  startUser: text(row.start_user_name),
});

/** An instance as 已发事务 and 流程跟踪 list it. */
export const instanceWire = (registry: Registry, row: Row) => ({
  id: text(row.id),
  processInstanceId: text(row.id),
  ...processOfRow(registry, row),
  createTime: time(row.start_time),
  processInstanceStartTime: time(row.start_time),
  processInstanceEndTime: time(row.end_time),
  endTime: time(row.end_time),
  processIsFinished: row.state === 'running' ? 'unfinished' : 'finished',
  status: row.state === 'running' ? 'unfinished' : 'finished',
  suspensionState: Number(row.suspension_state ?? 1),
  deleteReason: text(row.delete_reason),
  /** Who has it now and since when: the open tasks' names and holders. */
  taskName: text(row.current_tasks),
  assigneeName: text(row.current_assignees),
  historyActivityName: text(row.current_tasks),
  taskCreateTime: time(row.current_since),
});

/** A user task as the work lists answer it (BladeFlow). */
export const taskWire = (registry: Registry, row: Row, status: string) => ({
  taskId: text(row.id),
  taskName: text(row.name),
  taskDefinitionKey: text(row.activity_id),
  executionId: text(row.execution_id),
  assignee: text(row.assignee),
  assigneeName: text(row.assignee_name),
  createTime: time(row.create_time),
  claimTime: time(row.claim_time),
  endTime: time(row.end_time),
  historyTaskEndTime: time(row.end_time),
  comment: text(row.comment),
  pass: row.pass === null || row.pass === undefined ? null : Number(row.pass) === 1,
  processInstanceId: text(row.instance_id),
  ...processOfRow(registry, row),
  processInstanceStartTime: time(row.start_time),
  processIsFinished: row.instance_state === 'running' ? 'unfinished' : 'finished',
  status,
});

/** One activity of an instance's history (model-view's `flow`, history-flow-list). */
export const historyWire = (row: Row) => ({
  historyActivityId: text(row.activity_id),
  historyActivityName: text(row.activity_name),
  historyActivityType: activityType(row.activity_type),
  historyActivityDurationTime: durationText(row.start_time, row.end_time),
  processInstanceId: text(row.instance_id),
  taskId: text(row.task_id),
  assignee: text(row.assignee),
  assigneeName: text(row.assignee_name),
  createTime: time(row.start_time),
  endTime: time(row.end_time),
  comment: text(row.comment),
});

/** BladeX's duration text: `1天2小时3分4秒`, or '' while the activity runs. */
function durationText(start: unknown, end: unknown): string {
  if (!start || !end) return '';
  const ms = new Date(time(end).replace(' ', 'T')).getTime() - new Date(time(start).replace(' ', 'T')).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  const seconds = Math.floor(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(seconds / 86400), '天'],
    [Math.floor((seconds % 86400) / 3600), '小时'],
    [Math.floor((seconds % 3600) / 60), '分'],
    [seconds % 60, '秒'],
  ];
  const shown = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value}${unit}`).join('');
  return shown === '' ? '0秒' : shown;
}

export const leaveWire = (row: Row) => ({
  id: text(row.id),
  tenantId: text(row.tenant_id),
  processDefinitionId: text(row.process_definition_id),
  processInstanceId: text(row.process_instance_id),
  leaveType: text(row.leave_type),
  startTime: time(row.start_time),
  endTime: time(row.end_time),
  days: Number(row.days),
  reason: text(row.reason),
  applyTime: time(row.apply_time),
  createUser: text(row.create_user),
  createUserName: text(row.create_user_name),
  createDept: text(row.create_dept),
  createTime: time(row.create_time),
});

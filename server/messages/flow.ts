import { sharedDictionaries } from '../../resources/dictionaries';
import { SqlParams } from '../blade/query';
import { tenantRows } from '../blade/scope';
import type { Db } from '../db/types';
import { observeFlow, type FlowTaskOpened } from '../flow/events';
import { membersOfRoles, sendMessage } from './send';

/** The route key of a flow category's form (`flow_1` → `leave`): the `flow` dictionary's remark. */
function routeKeyOf(category: string | null | undefined): string | undefined {
  const key = (category ?? '').replace(/^flow_/, '');
  return sharedDictionaries.find((entry) => entry.code === 'flow' && !entry.biz)?.items.find((item) => item.key === key)?.remark;
}

/**
 * Where the message of an opened task leads: the form that handles it when the task is the user's and its process has
 * a form route, else 待办事务 (assigned) or 待签事务 (to claim).
 */
function taskLink(event: FlowTaskOpened, category: string | null | undefined): string {
  if (!event.assignee) return '/work/claim';
  const routeKey = routeKeyOf(category);
  const { id, business_id } = event.instance;
  return routeKey && business_id ? `/work/process/${routeKey}/handle/${event.taskId}/${id}/${business_id}` : '/work/todo';
}

/**
 * A user task that opens tells who may do it: its assignee, or its candidate users and the members of its candidate
 * roles. A task opened after a completion with pass = false went back (退回) and says so.
 */
async function tellTaskOpened(tx: Db, event: FlowTaskOpened): Promise<void> {
  const tenantId = event.instance.tenant_id;
  const params = new SqlParams();
  const where = [`id = ${params.add(event.instance.deployment_id)}`, ...tenantRows(tenantId, params)].join(' AND ');
  const [deployment] = await tx.query<{ name: string | null; category: string | null }>(
    `SELECT name, category FROM blade_flow_deployment WHERE ${where}`,
    params.values,
  );
  const processName = deployment?.name || event.instance.process_definition_id;
  const returned = event.variables.pass === false;
  const recipients = event.assignee
    ? [event.assignee]
    : [...event.candidateUsers, ...(await membersOfRoles(tx, tenantId, event.candidateGroups))];
  const comment = typeof event.variables.comment === 'string' && event.variables.comment.trim() ? event.variables.comment.trim() : '';
  const title = returned
    ? `「${processName}」已退回：${event.name}`
    : event.assignee
      ? `新的待办事务：「${processName}」${event.name}`
      : `新的待签事务：「${processName}」${event.name}`;
  const content = returned
    ? `流程「${processName}」被退回，请处理「${event.name}」${comment ? `；退回意见：${comment}` : ''}`
    : `流程「${processName}」的「${event.name}」${event.assignee ? '等待您办理' : '等待签收'}`;
  await sendMessage(tx, recipients, { tenantId, category: 'flow', title, content, link: taskLink(event, deployment?.category) });
}

/** Registers the message centre's flow observer (once per process; a second call replaces the first). */
export function observeFlowForMessages(): void {
  observeFlow('message', { taskOpened: tellTaskOpened });
}

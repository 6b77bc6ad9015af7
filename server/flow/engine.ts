import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import { badRequest } from '../blade/errors';
import { nextId } from '../blade/ids';
import { SqlParams } from '../blade/query';
import { tenantRows, tenantWhere } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import { BoundedCache, processWide } from '../bounded-cache';
import type { Db } from '../db/types';
import { resolveExpression } from './expression';
import { readProcessModel, type ProcessModel } from './model';
import { notifyInstanceEnded, notifyTaskOpened } from './events';
import type { DeploymentRow, InstanceRow, TaskRow } from './rows';

/**
 * The process engine as the server runs it: `bpmn-engine` executes a deployed model until it waits (a user task, a
 * timer), and everything it needs to go on lives in the database — the serialized engine state on the instance, a
 * task row per waiting user task (written on `activity.wait`), a history row per activity, and the instance's next
 * due timer. Nothing stays in memory between calls: every advance reads the instance under a row lock, recovers the
 * engine, acts, and writes the new state in the same transaction, so a restart loses nothing and two servers on one
 * database advance an instance once.
 */

export const FLOW_MSG = {
  taskMissing: '任务不存在或已办结',
  taskDone: '该任务已被办理，不能重复提交',
  notCandidate: '您不是该任务的办理人或候选人',
  claimedByOther: '该任务已被他人签收',
  suspended: '流程已挂起，无法发起',
  definitionMissing: '流程定义不存在',
  instanceMissing: '流程实例不存在',
  runFailed: '流程执行出错',
} as const;

export type { DeploymentRow, InstanceRow, TaskRow };

/** Who acts: the caller's ids as the tasks compare them. */
export interface FlowActor {
  tenantId: string;
  userId: string;
  deptId: string;
  /** Comma-joined role ids. */
  roleId: string;
}

type Variables = Record<string, unknown>;

const ids = (text: string | null | undefined) => (text ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
const now = () => formatDateTime(new Date());

/** Whether `actor` may claim or complete `task`: its assignee, or (unassigned) one of its candidates. */
export function mayWork(task: Pick<TaskRow, 'assignee' | 'candidate_users' | 'candidate_groups'>, actor: Pick<FlowActor, 'userId' | 'roleId'>): boolean {
  if (task.assignee) return String(task.assignee) === actor.userId;
  const roles = ids(actor.roleId);
  return ids(task.candidate_users).includes(actor.userId) || ids(task.candidate_groups).some((group) => roles.includes(group));
}

/**
 * Models parsed once per deployment: a deployed XML never changes. Deployments only grow (every redeploy is a new
 * one) while few are in use at a time: the most recently used 200 stay parsed, within 16 MB by their XML's length
 * (a parsed model takes a small multiple of its text), so a pile of old or large deployments is parsed again.
 */
const models = processWide(
  new BoundedCache<string, { model: Promise<ProcessModel>; xmlLength: number }>('flowModels', {
    maxEntries: 200,
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (id, parsed) => 64 + id.length + 4 * parsed.xmlLength,
  }),
);
export function modelOf(deployment: Pick<DeploymentRow, 'id' | 'xml'>): Promise<ProcessModel> {
  const kept = models.get(deployment.id);
  if (kept) return kept.model;
  const model = readProcessModel(deployment.xml);
  models.set(deployment.id, { model, xmlLength: deployment.xml.length });
  model.catch(() => {
    if (models.peek(deployment.id)?.model === model) models.delete(deployment.id);
  });
  return model;
}

/**
 * Timers the engine asks for are not kept in memory: a due one (a resumed timer whose time has come) fires at once,
 * a later one is only noted (`activity.timer` carries its time) and the ticker resumes the instance when it is due.
 */
function parkedTimers() {
  const executing: unknown[] = [];
  const timers = {
    executing,
    register: () => timers,
    setTimeout(callback: (...args: unknown[]) => void, delay: number, ...args: unknown[]) {
      if (delay <= 0) return { immediate: setImmediate(callback, ...args) };
      return { parked: true };
    },
    clearTimeout(ref: { immediate?: NodeJS.Immediate } | undefined) {
      if (ref?.immediate) clearImmediate(ref.immediate);
    },
  };
  return timers;
}

/**
 * Expressions through the sandboxed evaluator, over the instance's variables as the database holds them (this run's
 * object, which a completion adds to before it signals); scripts are never run (none is registered, conditions are
 * expressions).
 */
const engineOptions = (name: string, variables: Variables) => ({
  name,
  timers: parkedTimers(),
  expressions: { resolveExpression: (expression: string) => resolveExpression(expression, variables) },
  scripts: { register: () => undefined, getScript: () => undefined },
});

interface HistoryStart {
  executionId: string;
  activityId: string;
  type: string;
  at: string;
}

/** What one run of the engine did, gathered from its events and written after it settles. */
class RunRecord {
  starts: HistoryStart[] = [];
  ends = new Map<string, string>();
  flows: { activityId: string; at: string }[] = [];
  waits = new Map<string, { activityId: string; executionId: string }>();
  completedTasks = new Set<string>();
  leftTasks = new Set<string>();
  /** Every activity execution that left in this run, with when. */
  left = new Map<string, string>();
  timers = new Map<string, number>();
  ended = false;
  /** What the engine failed on (a gateway with no flow to take, an expression it could not read). */
  failure?: string;

  /** Follows the engine's end and failure (an engine's unhandled `error` event would end the process). */
  watch(engine: Engine) {
    engine.once('end', () => {
      this.ended = true;
    });
    engine.on('error', this.failed);
  }

  failed = (error: unknown) => {
    this.failure ??= error instanceof Error ? error.message : String(error);
    return undefined;
  };

  listener(model: ProcessModel): EventEmitter {
    const listener = new EventEmitter();
    listener.on('activity.start', (api: { id: string; executionId: string; type: string }) => {
      this.starts.push({ executionId: api.executionId, activityId: api.id, type: api.type, at: now() });
    });
    listener.on('activity.end', (api: { id: string; executionId: string }) => {
      this.ends.set(api.executionId, now());
      if (model.userTasks.has(api.id)) this.completedTasks.add(api.executionId);
    });
    listener.on('activity.leave', (api: { id: string; executionId: string }) => {
      this.left.set(api.executionId, now());
      if (model.userTasks.has(api.id)) this.leftTasks.add(api.executionId);
      this.timers.delete(api.id);
    });
    listener.on('activity.discard', (api: { id: string }) => this.timers.delete(api.id));
    listener.on('activity.wait', (api: { id: string; executionId: string }) => {
      if (model.userTasks.has(api.id)) this.waits.set(api.executionId, { activityId: api.id, executionId: api.executionId });
    });
    listener.on('activity.timer', (api: { id: string; content: { expireAt?: Date | string } }) => {
      if (api.content.expireAt) this.timers.set(api.id, new Date(api.content.expireAt).getTime());
    });
    listener.on('activity.timeout', (api: { id: string }) => this.timers.delete(api.id));
    listener.on('flow.take', (api: { id: string }) => this.flows.push({ activityId: api.id, at: now() }));
    return listener;
  }
}

/** Lets the engine finish what it started synchronously and what a due timer queued. */
async function settle() {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The ids of the tenant's roles named by alias (`administrator`), numbers kept as role ids. */
async function roleIdsOf(tx: Db, tenantId: string, groups: string[]): Promise<string[]> {
  const direct = groups.filter((group) => /^\d{1,19}$/.test(group));
  const aliases = groups.filter((group) => !/^\d{1,19}$/.test(group));
  if (aliases.length === 0) return direct;
  const scope = tenantWhere(tenantId, {}, "role_alias = ANY(string_to_array($1, ','))", [aliases.join(',')]);
  const rows = await tx.query<{ id: string }>(`SELECT id FROM blade_role WHERE ${scope.where}`, scope.values);
  return [...direct, ...rows.map((row) => String(row.id))];
}

/** Writes what the run did: history, new and ended tasks, the engine state, the next timer and the end. */
async function persistRun(tx: Db, instance: InstanceRow, model: ProcessModel, engine: Engine, record: RunRecord, variables: Variables) {
  // A failed run changes nothing: the transaction (and the completion or start that caused it) rolls back.
  if (record.failure) {
    if (engine.state === 'running') await engine.stop();
    throw badRequest(`${FLOW_MSG.runFailed}: ${record.failure}`);
  }
  for (const start of record.starts) {
    const element = model.elements.get(start.activityId);
    await tx.query(
      `INSERT INTO blade_flow_history (id, tenant_id, instance_id, activity_id, activity_name, activity_type, execution_id, start_time, end_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [nextId(), instance.tenant_id, instance.id, start.activityId, element?.name ?? '', start.type, start.executionId, start.at, record.ends.get(start.executionId) ?? null],
    );
  }
  for (const [executionId, at] of record.ends) {
    await tx.query('UPDATE blade_flow_history SET end_time = $1 WHERE instance_id = $2 AND execution_id = $3 AND end_time IS NULL', [at, instance.id, executionId]);
  }
  // An activity that left without ending was not done: a user task a boundary timer interrupted ends there (its
  // task is cancelled below); a boundary event whose task finished first never happened.
  for (const [executionId, at] of record.left) {
    if (record.ends.has(executionId)) continue;
    if (record.leftTasks.has(executionId)) {
      await tx.query('UPDATE blade_flow_history SET end_time = $1 WHERE instance_id = $2 AND execution_id = $3 AND end_time IS NULL', [at, instance.id, executionId]);
    } else {
      await tx.query('DELETE FROM blade_flow_history WHERE instance_id = $1 AND execution_id = $2 AND end_time IS NULL', [instance.id, executionId]);
    }
  }
  for (const flow of record.flows) {
    await tx.query(
      `INSERT INTO blade_flow_history (id, tenant_id, instance_id, activity_id, activity_name, activity_type, execution_id, start_time, end_time)
       VALUES ($1, $2, $3, $4, '', 'sequenceFlow', $5, $6, $6)`,
      [nextId(), instance.tenant_id, instance.id, flow.activityId, `${flow.activityId}:${nextId()}`, flow.at],
    );
  }
  for (const wait of record.waits.values()) {
    if (record.leftTasks.has(wait.executionId)) continue;
    const known = await tx.query('SELECT 1 FROM blade_flow_task WHERE instance_id = $1 AND execution_id = $2', [instance.id, wait.executionId]);
    if (known.length > 0) continue;
    const spec = model.userTasks.get(wait.activityId);
    if (!spec) continue;
    const evaluated = (text: string) => String(resolveExpression(text, variables) ?? '').trim();
    const assignee = spec.assignee ? evaluated(spec.assignee) : '';
    const candidateUsers = spec.candidateUsers.flatMap((text) => ids(evaluated(text)));
    const candidateGroups = await roleIdsOf(tx, instance.tenant_id, spec.candidateGroups.flatMap((text) => ids(evaluated(text))));
    const taskId = nextId();
    await tx.query(
      `INSERT INTO blade_flow_task (id, tenant_id, instance_id, activity_id, execution_id, name, assignee, candidate_users, candidate_groups, create_time, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open')`,
      [taskId, instance.tenant_id, instance.id, wait.activityId, wait.executionId, spec.name, /^\d{1,19}$/.test(assignee) ? assignee : null, candidateUsers.join(','), candidateGroups.join(','), now()],
    );
    await tx.query('UPDATE blade_flow_history SET task_id = $1, assignee = $2 WHERE instance_id = $3 AND execution_id = $4', [
      taskId,
      /^\d{1,19}$/.test(assignee) ? assignee : null,
      instance.id,
      wait.executionId,
    ]);
    await notifyTaskOpened(tx, {
      instance,
      taskId,
      activityId: wait.activityId,
      name: spec.name,
      assignee: /^\d{1,19}$/.test(assignee) ? assignee : null,
      candidateUsers,
      candidateGroups,
      variables,
    });
  }
  // A user task left without being completed (a boundary timer took over, the instance ended): nobody does it now.
  for (const executionId of record.leftTasks) {
    if (record.completedTasks.has(executionId)) continue;
    await tx.query("UPDATE blade_flow_task SET state = 'cancelled', end_time = $1 WHERE instance_id = $2 AND execution_id = $3 AND state = 'open'", [
      now(),
      instance.id,
      executionId,
    ]);
  }
  const state = record.ended ? null : JSON.stringify(await engine.getState());
  const due = record.ended || record.timers.size === 0 ? null : formatDateTime(new Date(Math.min(...record.timers.values())));
  await tx.query(
    `UPDATE blade_flow_instance SET engine_state = $1, variables = $2, timer_due_at = $3, state = $4, end_time = $5, revision = revision + 1 WHERE id = $6`,
    [state, JSON.stringify(variables), due, record.ended ? 'finished' : 'running', record.ended ? now() : null, instance.id],
  );
  if (record.ended) {
    const endActivityIds = record.starts.filter((start) => start.type === 'bpmn:EndEvent').map((start) => start.activityId);
    await notifyInstanceEnded(tx, { instance: { ...instance, state: 'finished' }, endActivityIds, variables });
  }
  // A finished engine has nothing to stop (and its stop would wait for an end that has passed).
  if (engine.state === 'running') await engine.stop();
}

/** The variables a start or a completion hands in: plain JSON values under plain names. */
export function cleanVariables(variables: unknown): Variables {
  if (variables === undefined || variables === null) return {};
  if (typeof variables !== 'object' || Array.isArray(variables)) throw badRequest('流程变量格式不正确');
  const clean: Variables = {};
  for (const [name, value] of Object.entries(variables)) {
    if (!/^[A-Za-z_][\w]{0,63}$/.test(name)) throw badRequest(`流程变量名不正确: ${name}`);
    clean[name] = JSON.parse(JSON.stringify(value ?? null));
  }
  return clean;
}

async function deploymentById(tx: Db, tenantId: string, deploymentId: string): Promise<DeploymentRow> {
  const scope = tenantWhere(tenantId, {}, 'id = $1', [deploymentId]);
  const [deployment] = await tx.query<DeploymentRow>(`SELECT * FROM blade_flow_deployment WHERE ${scope.where}`, scope.values);
  if (!deployment) throw badRequest(FLOW_MSG.definitionMissing);
  return deployment;
}

/** The instance, locked for this transaction: one advance at a time, on every server. */
async function lockInstance(tx: Db, tenantId: string, instanceId: string): Promise<InstanceRow> {
  const scope = tenantWhere(tenantId, { noLogicalDelete: false }, 'id = $1', [instanceId]);
  const [instance] = await tx.query<InstanceRow>(`SELECT * FROM blade_flow_instance WHERE ${scope.where} FOR UPDATE`, scope.values);
  if (!instance) throw badRequest(FLOW_MSG.instanceMissing);
  return instance;
}

/** Recovers the engine of a running instance and runs `act` on its execution once it has resumed. */
async function advance(tx: Db, instance: InstanceRow, act: (execution: EngineExecution, variables: Variables) => void) {
  const deployment = await deploymentById(tx, instance.tenant_id, instance.deployment_id);
  const model = await modelOf(deployment);
  const variables = JSON.parse(instance.variables || '{}') as Variables;
  const engine = new Engine(engineOptions(instance.id, variables) as never).recover(JSON.parse(instance.engine_state ?? '{}'));
  const record = new RunRecord();
  record.watch(engine);
  const execution = (await engine.resume({ listener: record.listener(model) } as never).catch(record.failed)) as unknown as EngineExecution | undefined;
  await settle();
  if (execution && !record.failure) act(execution, variables);
  await settle();
  await persistRun(tx, instance, model, engine, record, variables);
}

interface PostponedApi {
  id: string;
  executionId: string;
  signal(message?: unknown): void;
}
interface EngineExecution {
  getPostponed(): PostponedApi[];
}

export interface StartOptions {
  deploymentId: string;
  actor: FlowActor;
  variables: Variables;
  businessTable?: string;
  businessId?: string;
}

/** Starts an instance of a deployment and runs it to its first wait; answers the instance id. */
export async function startProcess(tx: Db, options: StartOptions): Promise<string> {
  const deployment = await deploymentById(tx, options.actor.tenantId, options.deploymentId);
  if (Number(deployment.suspension_state) !== 1) throw badRequest(FLOW_MSG.suspended);
  const model = await modelOf(deployment);
  const instanceId = nextId();
  const variables: Variables = { ...options.variables, applyUser: options.actor.userId, initiator: options.actor.userId };
  await tx.query(
    `INSERT INTO blade_flow_instance (id, tenant_id, deployment_id, process_definition_id, business_table, business_id, create_user, create_dept, start_time, state, variables)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'running', $10)`,
    [
      instanceId,
      options.actor.tenantId,
      deployment.id,
      deployment.process_definition_id,
      options.businessTable ?? null,
      options.businessId ?? null,
      options.actor.userId,
      ids(options.actor.deptId)[0] ?? null,
      now(),
      JSON.stringify(variables),
    ],
  );
  const instance = await lockInstance(tx, options.actor.tenantId, instanceId);
  const engine = new Engine({ ...engineOptions(instanceId, variables), source: deployment.xml } as never);
  const record = new RunRecord();
  record.watch(engine);
  await engine.execute({ listener: record.listener(model) } as never).catch(record.failed);
  await settle();
  await persistRun(tx, instance, model, engine, record, variables);
  return instanceId;
}

/** The open task `taskId` of the caller's tenant (no lock). */
export async function openTask(db: Db, tenantId: string, taskId: string): Promise<TaskRow> {
  const scope = tenantWhere(tenantId, {}, 'id = $1', [taskId]);
  const [task] = await db.query<TaskRow>(`SELECT * FROM blade_flow_task WHERE ${scope.where}`, scope.values);
  if (!task) throw badRequest(FLOW_MSG.taskMissing);
  if (task.state !== 'open') throw badRequest(FLOW_MSG.taskDone);
  return task;
}

/** 签收: the caller becomes the assignee of an unassigned task they are a candidate of. */
export async function claimTask(db: Db, actor: FlowActor, taskId: string): Promise<void> {
  const task = await openTask(db, actor.tenantId, taskId);
  if (task.assignee && String(task.assignee) !== actor.userId) throw badRequest(FLOW_MSG.claimedByOther);
  if (!mayWork(task, actor)) throw badRequest(FLOW_MSG.notCandidate);
  const params = new SqlParams();
  const where = [`id = ${params.add(taskId)}`, "state = 'open'", '(assignee IS NULL OR assignee = ' + params.add(actor.userId) + ')', ...tenantRows(actor.tenantId, params)];
  const claimed = await db.query(`UPDATE blade_flow_task SET assignee = ${params.add(actor.userId)}, claim_time = ${params.add(now())} WHERE ${where.join(' AND ')} RETURNING id`, params.values);
  if (claimed.length === 0) throw badRequest(FLOW_MSG.claimedByOther);
  await db.query('UPDATE blade_flow_history SET assignee = $1 WHERE task_id = $2', [actor.userId, taskId]);
}

export interface Completion {
  comment: string;
  pass: boolean;
  variables: Variables;
}

/**
 * 办理: completes the task once. The conditional UPDATE (`state = 'open'`) is the one place that decides: a second
 * completion, here or on another server, finds the row done and is refused; the engine advances in the same
 * transaction.
 */
export async function completeTask(db: Db, actor: FlowActor, taskId: string, completion: Completion): Promise<void> {
  await db.transaction(async (tx) => {
    const task = await openTask(tx, actor.tenantId, taskId);
    if (!mayWork(task, actor)) throw badRequest(FLOW_MSG.notCandidate);
    const params = new SqlParams();
    const where = [`id = ${params.add(taskId)}`, "state = 'open'", ...tenantRows(actor.tenantId, params)];
    const done = await tx.query(
      `UPDATE blade_flow_task SET state = 'done', end_time = ${params.add(now())}, assignee = ${params.add(actor.userId)}, comment = ${params.add(completion.comment)},
         pass = ${params.add(completion.pass ? 1 : 0)}, variables = ${params.add(JSON.stringify(completion.variables))}
       WHERE ${where.join(' AND ')} RETURNING id`,
      params.values,
    );
    if (done.length === 0) throw badRequest(FLOW_MSG.taskDone);
    await tx.query('UPDATE blade_flow_history SET assignee = $1, comment = $2 WHERE task_id = $3', [actor.userId, completion.comment, taskId]);
    const instance = await lockInstance(tx, actor.tenantId, task.instance_id);
    if (instance.state !== 'running') throw badRequest(FLOW_MSG.taskDone);
    await advance(tx, instance, (execution, variables) => {
      Object.assign(variables, completion.variables, { pass: completion.pass, comment: completion.comment });
      const waiting = execution.getPostponed().find((api) => api.executionId === task.execution_id) ?? execution.getPostponed().find((api) => api.id === task.activity_id);
      if (!waiting) throw badRequest(FLOW_MSG.taskDone);
      waiting.signal({ pass: completion.pass, comment: completion.comment });
    });
  });
}

/**
 * Resumes the instances whose timer is due (any tenant: the ticker acts for the process, not for a caller). Each is
 * claimed under its row lock and its due time checked again, so an instance is advanced by one server only.
 */
export async function fireDueTimers(db: Db, at = new Date()): Promise<number> {
  const due = await db.query<{ id: string; tenant_id: string }>(
    "SELECT id, tenant_id FROM blade_flow_instance WHERE state = 'running' AND timer_due_at IS NOT NULL AND timer_due_at <= $1 ORDER BY timer_due_at LIMIT 20",
    [formatDateTime(at)],
  );
  let fired = 0;
  for (const candidate of due) {
    await db.transaction(async (tx) => {
      const instance = await lockInstance(tx, candidate.tenant_id, candidate.id);
      const [still] = await tx.query<{ due: boolean }>('SELECT (timer_due_at IS NOT NULL AND timer_due_at <= $2) AS due FROM blade_flow_instance WHERE id = $1', [
        instance.id,
        formatDateTime(at),
      ]);
      if (instance.state !== 'running' || !still?.due) return;
      // Resuming is the firing: the engine finds the timer's time has come.
      await advance(tx, instance, () => undefined);
      fired += 1;
    });
  }
  return fired;
}

/** 删除流程实例: stops the instance and cancels its open tasks; the history stays. */
export async function deleteInstance(db: Db, tenantId: string, instanceId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const instance = await lockInstance(tx, tenantId, instanceId);
    await tx.query("UPDATE blade_flow_task SET state = 'cancelled', end_time = $1 WHERE instance_id = $2 AND state = 'open'", [now(), instance.id]);
    await tx.query(
      "UPDATE blade_flow_instance SET state = 'deleted', delete_reason = $1, end_time = COALESCE(end_time, $2), timer_due_at = NULL, engine_state = NULL, revision = revision + 1 WHERE id = $3",
      [reason, now(), instance.id],
    );
  });
}

import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeUser } from '../../server/blade/context';
import type { ResourceStore } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { pageOf, parsePaging, SqlParams } from '../../server/blade/query';
import { scopedRows, scopedWhere, tenantRows, tenantWhere } from '../../server/blade/scope';
import { serializeColumns } from '../../server/blade/serializer';
import { idBody, idField, idListField } from '../../server/blade/operation';
import { requiredQueryId } from '../../server/blade/validate';
import type { Db } from '../../server/db/types';
import { schedulerOf } from '../../server/jobs';
import { PROCESSOR_TYPE, processorProblem, taskCodesOf, type JobRow } from '../../server/jobs/processors';
import { JOB_COLUMNS, TRIGGER_TYPE, nextTriggerText, rearmJobs, timingOf } from '../../server/jobs/scheduler';
import { enabledCapProblem, jobLimitsFromEnv, minIntervalOf } from '../../server/jobs/limits';
import { intervalProblem, timingProblem, type JobTiming } from '../../server/jobs/timing';
import { RUN_STATUS_LABELS, toRunStatus } from '../task/runStatus';
import type { FieldType } from '../types';
import { JOB_INSTANCE_STATUS_OPTIONS, JOB_TRIGGER_TYPE_OPTIONS } from './schema';

const INSTANCE_TYPES: Record<string, FieldType> = {
  id: 'id',
  job_id: 'id',
  job_name: 'string',
  trigger_type: 'int',
  instance_status: 'int',
  trigger_time: 'datetime',
  finish_time: 'datetime',
  duration_ms: 'int',
  attempts: 'int',
  result: 'string',
  record_ids: 'string',
};

const INSTANCE_STATUS_NAMES: Record<number, string> = Object.fromEntries(JOB_INSTANCE_STATUS_OPTIONS.map((option) => [option.value, option.label.zh]));
const TRIGGER_TYPE_NAMES: Record<number, string> = Object.fromEntries(JOB_TRIGGER_TYPE_OPTIONS.map((option) => [option.value, option.label.zh]));

/** `sync`'s body: `{id}`, `{ids: [..]}` or `{ids: "1,2"}`. */
const syncBody = z
  .object({ id: idField().optional(), ids: idListField('编号', { allowEmpty: true }) })
  .refine((body) => body.id !== undefined || body.ids.length > 0, { error: '请输入编号', path: ['ids'] });

const ENABLE_ONLY = `${MSG.paramInvalid}: enable 只能是 0 或 1`;
/** `change`'s query: the job and whether its schedule runs. */
const changeQuery = z.object({
  id: idField(),
  enable: z.string({ error: ENABLE_ONLY }).trim().refine((enable) => enable === '0' || enable === '1', { error: ENABLE_ONLY }),
});

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** A datetime as a read answers it (`""` when unset) or as a write parsed it. */
const dateText = (value: unknown) => (text(value) === '' ? null : text(value));

const RUN_TYPES: Record<string, FieldType> = {
  record_id: 'id',
  task_code: 'string',
  run_status: 'int',
  total_count: 'int',
  passed_count: 'int',
};

/** The test runs of these execution records (through the read seam): how the tests a job started are going. */
async function testRunsOf(db: Db, user: BladeUser, recordIds: string[]) {
  if (recordIds.length === 0) return [];
  const params = new SqlParams();
  const where = [`r.record_id = ANY(string_to_array(${params.add(recordIds.join(','))}, ',')::bigint[])`, ...scopedRows(user, params, { alias: 'r' })];
  const rows = await db.query(`SELECT ${Object.keys(RUN_TYPES).map((column) => `r.${column}`).join(', ')} FROM blade_task_run r WHERE ${where.join(' AND ')}`, params.values);
  return rows.map((row) => ({ ...serializeColumns(row, RUN_TYPES), recordId: String(row.record_id), runStatusName: RUN_STATUS_LABELS[toRunStatus(row.run_status)] }));
}

/** The caller's job (through the read seam), as the scheduler reads it. */
async function jobOf(db: Db, store: ResourceStore, user: BladeUser, id: string): Promise<JobRow> {
  const [visible] = await store.byIds(user, [id]);
  if (!visible) throw badRequest('任务不存在');
  const scope = scopedWhere(user, { resource: 'jobinfo' }, 'id = $1', [id]);
  const [job] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM blade_job_info WHERE ${scope.where}`, scope.values);
  if (!job) throw badRequest('任务不存在');
  return job;
}

/** A job about to be on: often enough apart for its tenant, and within the tenant's cap of enabled jobs. */
async function limitProblem(db: Db, user: BladeUser, timing: JobTiming, jobId: string): Promise<string | undefined> {
  const limits = jobLimitsFromEnv();
  return intervalProblem(timing, minIntervalOf(limits, user.tenantId)) ?? (await enabledCapProblem(db, limits, user.tenantId, jobId));
}

/**
 * Jobs: checked when saved (timing, processor, the test tasks a `runTestTask` job names) and given their next
 * trigger; 运行 records an instance and runs it now; 启停 turns the schedule on or off; 同步 recomputes the next
 * trigger from now; `instance-list` pages a job's 运行记录.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, id, values, before, isInsert, isPatch }) {
    const row = { ...before, ...values };
    // A missing type is the required check's to answer (after this hook), with the form's message.
    if (text(row.timeExpressionType) === '' || text(row.processorType) === '') return;
    const timing = timingOf({
      time_expression_type: Number(row.timeExpressionType),
      time_expression: text(row.timeExpression),
      lifecycle_start: dateText(row.lifecycleStart),
      lifecycle_end: dateText(row.lifecycleEnd),
    });
    // A patch (启停) changes neither timing nor processor, checked when they were saved.
    if (!isPatch) {
      const timingText = timingProblem(timing);
      if (timingText) throw badRequest(timingText);
    }
    // A disabled job may keep any schedule: the limits hold for the jobs that run, also when 启停 turns one on.
    const limitText = Number(row.enable) === 1 ? await limitProblem(tx, user, timing, id) : undefined;
    if (limitText) throw badRequest(limitText);
    // A patch: only the next trigger follows the switch.
    if (isPatch) {
      values.nextTriggerTime = Number(row.enable) === 1 ? nextTriggerText(timing, new Date()) : null;
      return;
    }
    const processorType = Number(row.processorType);
    const processorInfo = text(row.processorInfo).trim();
    const processorText = processorInfo === '' ? undefined : processorProblem(processorType, processorInfo);
    if (processorText) throw badRequest(processorText);
    if (processorType === PROCESSOR_TYPE.builtIn && processorInfo === 'runTestTask') {
      const codes = taskCodesOf(text(row.jobParams));
      if (codes.length === 0) throw badRequest('任务参数: 请填写要执行的测试任务编号（多个以逗号分隔）');
      // Only the tasks the saver may see: a job runs them as its creator.
      const scope = scopedWhere(user, { resource: 'task' }, "task_code = ANY(string_to_array($1, ','))", [codes.join(',')]);
      const found = await tx.query<{ task_code: string }>(`SELECT DISTINCT task_code FROM blade_task WHERE ${scope.where}`, scope.values);
      const missing = codes.filter((code) => !found.some((task) => task.task_code === code));
      if (missing.length > 0) throw badRequest(`任务参数: 测试任务不存在: ${missing.join('、')}`);
    }
    values.nextTriggerTime = Number(row.enable) === 1 ? nextTriggerText(timing, new Date()) : null;
    if (isInsert) {
      // Numbers are per tenant and never reused: deleted jobs and the ones outside the saver's data scope count.
      const params = new SqlParams();
      const [{ next }] = await tx.query<{ next: string }>(
        `SELECT COALESCE(MAX(job_id), 0) + 1 AS next FROM blade_job_info WHERE ${tenantRows(user.tenantId, params, { noLogicalDelete: true }).join(' AND ')}`,
        params.values,
      );
      values.jobId = Number(next);
    }
  },

  routes({ operation, read, store, services }) {
    const { db } = services;
    const scheduler = schedulerOf(services);

    operation('run', { query: idBody }, async ({ user, query }) => {
      const job = await jobOf(db, store, user, query.id);
      return R.data({ instanceId: await scheduler.trigger(job, TRIGGER_TYPE.manual) });
    });

    operation('change', { query: changeQuery }, (call) => store.patch(call, call.query.id, { enable: call.query.enable }));

    operation('sync', { body: syncBody }, async ({ user, body }) => {
      const visible = await store.byIds(user, [...new Set([...(body.id ? [body.id] : []), ...body.ids])]);
      if (visible.length === 0) throw badRequest('任务不存在');
      const scheduled = await rearmJobs(db, user.tenantId, 'id = ANY(string_to_array($2, \',\')::bigint[])', [visible.map((job) => String(job.id)).join(',')]);
      return R.data({ synced: visible.length, scheduled });
    });

    read(`${store.schema.api}/instance-list`, async (c) => {
      const query = c.req.query();
      const job = await jobOf(db, store, c.get('user'), requiredQueryId(query, 'jobId'));
      const paging = parsePaging(query);
      // The job was read through the seam; its instances are append-only rows of its tenant.
      const scope = tenantWhere(job.tenant_id, { noLogicalDelete: true }, 'job_id = $1', [job.id]);
      const rows = await db.query(
        `SELECT ${Object.keys(INSTANCE_TYPES).join(', ')} FROM blade_job_instance WHERE ${scope.where}
         ORDER BY trigger_time DESC, id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
        scope.values,
      );
      const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_job_instance WHERE ${scope.where}`, scope.values);
      const runs = await testRunsOf(db, c.get('user'), rows.flatMap((row) => text(row.record_ids).split(',').filter(isIdText)));
      const records = rows.map((row) => ({
        ...serializeColumns(row, INSTANCE_TYPES),
        instanceStatusName: INSTANCE_STATUS_NAMES[Number(row.instance_status)] ?? '',
        triggerTypeName: TRIGGER_TYPE_NAMES[Number(row.trigger_type)] ?? '',
        runs: text(row.record_ids)
          .split(',')
          .flatMap((recordId) => runs.filter((run) => run.recordId === recordId)),
      }));
      return send(c, R.data(pageOf(records, Number(count.n), paging)));
    });
  },
};

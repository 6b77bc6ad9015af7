import { ADMIN_TENANT } from '../blade/context';
import { nextId } from '../blade/ids';
import { SqlParams } from '../blade/query';
import { tenantRows, tenantWhere } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';
import { alertJobFailures } from '../messages/job-alert';
import { runProcessor, type JobRow, type ProcessorServices } from './processors';
import { TIME_TYPE, nextTrigger, type JobTiming } from './timing';

/** Instance states: 2 running, 3 succeeded, 4 failed (1 is kept for waiting, as PowerJob numbers them). */
export const INSTANCE_STATUS = { running: 2, succeeded: 3, failed: 4 } as const;
/** How an instance came to be: 1 by the schedule, 2 on demand (运行 or the `run` call). */
export const TRIGGER_TYPE = { schedule: 1, manual: 2 } as const;

export const JOB_COLUMNS = `id, tenant_id, job_id, job_name, job_server_id, time_expression_type, time_expression, lifecycle_start,
  lifecycle_end, next_trigger_time, enable, processor_type, processor_info, job_params, max_instance_num,
  instance_time_limit, instance_retry_num, execute_type, dispatch_strategy, concurrency, task_retry_num, min_cpu_cores,
  min_memory_space, min_disk_space, designated_workers, max_worker_count, log_type, log_level, extra, create_user, update_user`;

/** Jobs claimed per tick: the rest are due on the next one. */
const BATCH = 20;
/** A running instance older than its time limit and this much is taken as lost (its process ended). */
const LOST_AFTER_MS = 10 * 60 * 1000;
const RESULT_MAX = 2000;

const dateOf = (text: string | null | undefined) => (text ? new Date(text.replace(' ', 'T')) : null);

/** A stored job's timing (datetimes are local `yyyy-MM-dd HH:mm:ss` text). */
export function timingOf(job: { time_expression_type: number; time_expression: string | null; lifecycle_start?: string | null; lifecycle_end?: string | null }): JobTiming {
  return {
    timeExpressionType: Number(job.time_expression_type),
    timeExpression: job.time_expression,
    lifecycleStart: dateOf(job.lifecycle_start),
    lifecycleEnd: dateOf(job.lifecycle_end),
  };
}

/** The next trigger after `after` as stored, or null when the schedule never triggers the job again. */
export function nextTriggerText(timing: JobTiming, after: Date): string | null {
  const next = nextTrigger(timing, after);
  return next ? formatDateTime(next) : null;
}

/**
 * Recomputes from now the next trigger of the tenant's jobs that `where` picks (bound values from `$2`): 同步, 启停.
 * Answers how many are scheduled.
 */
export async function rearmJobs(db: Db, tenantId: string, where: string, params: unknown[]): Promise<number> {
  // The tenant's scope takes `$1`, so the caller's values start at `$2`.
  const scope = tenantWhere(tenantId, {});
  const jobs = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM blade_job_info WHERE ${scope.where} AND ${where}`, [...scope.values, ...params]);
  const now = new Date();
  let scheduled = 0;
  for (const job of jobs) {
    const next = Number(job.enable) === 1 ? nextTriggerText(timingOf(job), now) : null;
    if (next) scheduled++;
    await db.query('UPDATE blade_job_info SET next_trigger_time = $2 WHERE id = $1', [job.id, next]);
  }
  return scheduled;
}

/** The job shows the state of its newest run (最近运行 in the list). */
async function showLastRun(db: Db, jobId: string) {
  await db.query(
    `UPDATE blade_job_info SET last_instance_status = (
       SELECT instance_status FROM blade_job_instance WHERE job_id = $1 ORDER BY trigger_time DESC, id DESC LIMIT 1)
     WHERE id = $1`,
    [jobId],
  );
}

export interface SchedulerOptions extends ProcessorServices {
  /** Hands over the runs started in the background (close waits for them). */
  inBackground?: (work: Promise<unknown>) => void;
}

/**
 * The scheduler of every process: each tick claims the due jobs with a conditional update of their next trigger
 * (one process wins each trigger, however many share the database), records an instance and runs its processor in
 * the background, retrying as the job allows.
 */
export class JobScheduler {
  private readonly running = new Set<Promise<void>>();
  private lastSweep = 0;

  constructor(private readonly options: SchedulerOptions) {}

  private get db(): Db {
    return this.options.db;
  }

  /** Claims and starts the jobs due at `now`; answers how many this process started. */
  async tick(now = new Date()): Promise<number> {
    if (now.getTime() - this.lastSweep >= 60_000) {
      this.lastSweep = now.getTime();
      await this.sweepLost(now);
    }
    // A tenant in the recycle bin, removed or past its licence runs no job (as its users cannot sign in); its due
    // jobs wait, and run once when it is back.
    const params = new SqlParams();
    const dueBy = params.add(formatDateTime(now));
    const adminTenant = tenantRows(ADMIN_TENANT, params, { alias: 'j', noLogicalDelete: true }).join(' AND ');
    const due = await this.db.query<JobRow>(
      `SELECT ${JOB_COLUMNS} FROM blade_job_info j
       WHERE is_deleted = 0 AND enable = 1 AND next_trigger_time IS NOT NULL AND next_trigger_time <= ${dueBy}
         AND (${adminTenant} OR EXISTS (SELECT 1 FROM blade_tenant t WHERE t.tenant_id = j.tenant_id
           AND t.is_deleted = 0 AND t.status = 1 AND (t.expire_time IS NULL OR t.expire_time > ${dueBy})))
       ORDER BY next_trigger_time LIMIT ${BATCH}`,
      params.values,
    );
    let started = 0;
    for (const job of due) {
      const timing = timingOf(job);
      // A fixed delay counts from the end of the run: the next trigger is set when it ends.
      const next = timing.timeExpressionType === TIME_TYPE.fixedDelay ? null : nextTriggerText(timing, now);
      const claimed = await this.db.query(
        `UPDATE blade_job_info SET next_trigger_time = $2, last_trigger_time = $3
         WHERE id = $1 AND next_trigger_time = $4 AND enable = 1 AND is_deleted = 0 RETURNING id`,
        [job.id, next, formatDateTime(now), job.next_trigger_time],
      );
      if (claimed.length === 0) continue;
      await this.trigger(job, TRIGGER_TYPE.schedule, now);
      started++;
    }
    return started;
  }

  /**
   * Records an instance of `job` and runs it in the background; answers the instance's id. Past the job's maximum of
   * running instances the instance is recorded as failed at once, with why.
   */
  async trigger(job: JobRow, triggerType: number, now = new Date()): Promise<string> {
    const instanceId = nextId();
    const max = Number(job.max_instance_num ?? 0);
    if (max > 0) {
      const [{ n }] = await this.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM blade_job_instance WHERE job_id = $1 AND instance_status = $2',
        [job.id, INSTANCE_STATUS.running],
      );
      if (Number(n) >= max) {
        await this.insertInstance(job, instanceId, triggerType, now, INSTANCE_STATUS.failed, `运行中的实例已达上限（${max}），本次未运行`);
        await this.alertOnFailure(job.id, now);
        return instanceId;
      }
    }
    await this.insertInstance(job, instanceId, triggerType, now, INSTANCE_STATUS.running, null);
    const work = this.run(job, instanceId, now).finally(() => this.running.delete(work));
    this.running.add(work);
    this.options.inBackground?.(work);
    return instanceId;
  }

  /** Resolves when the runs started so far have ended (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private async insertInstance(job: JobRow, id: string, triggerType: number, now: Date, status: number, result: string | null) {
    const finished = status === INSTANCE_STATUS.running ? null : formatDateTime(now);
    await this.db.query(
      `INSERT INTO blade_job_instance (id, tenant_id, job_id, job_name, trigger_type, instance_status, trigger_time, finish_time, duration_ms, attempts, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)`,
      [id, job.tenant_id, job.id, job.job_name, triggerType, status, formatDateTime(now), finished, finished ? 0 : null, result],
    );
    await showLastRun(this.db, job.id);
  }

  private async run(job: JobRow, instanceId: string, startedAt: Date): Promise<void> {
    const attemptsAllowed = 1 + Math.max(0, Number(job.instance_retry_num ?? 0));
    let status: number = INSTANCE_STATUS.failed;
    let result = '';
    let recordIds: string[] = [];
    let attempts = 0;
    while (attempts < attemptsAllowed) {
      attempts++;
      try {
        const outcome = await runProcessor(job, instanceId, this.options);
        result = outcome.result;
        recordIds = outcome.recordIds ?? [];
        status = INSTANCE_STATUS.succeeded;
        break;
      } catch (error) {
        result = error instanceof Error ? error.message : String(error);
      }
    }
    const finished = new Date();
    try {
      await this.db.query(
        `UPDATE blade_job_instance SET instance_status = $2, finish_time = $3, duration_ms = $4, attempts = $5, result = $6, record_ids = $7
         WHERE id = $1 AND instance_status = ${INSTANCE_STATUS.running}`,
        [
          instanceId,
          status,
          formatDateTime(finished),
          finished.getTime() - startedAt.getTime(),
          attempts,
          result.slice(0, RESULT_MAX),
          recordIds.length > 0 ? recordIds.join(',') : null,
        ],
      );
      await showLastRun(this.db, job.id);
      if (Number(job.time_expression_type) === TIME_TYPE.fixedDelay) await this.rearmDelay(job.id, finished);
    } catch (error) {
      console.error('[jobs] the end of an instance was not recorded:', error);
    }
    if (status === INSTANCE_STATUS.failed) await this.alertOnFailure(job.id, finished);
  }

  /** The job's 报警用户 hear of its failures once they reach its threshold; an alert that fails is logged, not thrown. */
  private async alertOnFailure(jobId: string, now: Date) {
    try {
      await alertJobFailures(this.db, jobId, now);
    } catch (error) {
      console.error('[jobs] the alert of a failed job was not sent:', error);
    }
  }

  /** A fixed-delay job's next trigger: its delay after the end of the run, if it is still on and has none. */
  private async rearmDelay(jobId: string, finished: Date) {
    const [job] = await this.db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM blade_job_info WHERE id = $1 AND is_deleted = 0 AND enable = 1`, [jobId]);
    if (!job || job.next_trigger_time || Number(job.time_expression_type) !== TIME_TYPE.fixedDelay) return;
    await this.db.query('UPDATE blade_job_info SET next_trigger_time = $2 WHERE id = $1 AND next_trigger_time IS NULL', [
      jobId,
      nextTriggerText(timingOf(job), finished),
    ]);
  }

  /**
   * Instances left running by a process that ended are failed; a fixed-delay job waiting for one gets its next
   * trigger again.
   */
  private async sweepLost(now: Date) {
    const lost = await this.db.query<{ id: string; job_id: string }>(
      `UPDATE blade_job_instance i SET instance_status = ${INSTANCE_STATUS.failed}, finish_time = $1, result = '运行中断：执行它的服务进程已停止'
       FROM blade_job_info j
       WHERE i.job_id = j.id AND i.instance_status = ${INSTANCE_STATUS.running}
         AND i.trigger_time < ($1::timestamp - (GREATEST(COALESCE(j.instance_time_limit, 0), 0) + ${LOST_AFTER_MS}) * interval '1 millisecond')
       RETURNING i.id, i.job_id`,
      [formatDateTime(now)],
    );
    for (const { job_id } of lost) {
      await showLastRun(this.db, job_id);
      await this.rearmDelay(job_id, now);
      await this.alertOnFailure(job_id, now);
    }
  }
}

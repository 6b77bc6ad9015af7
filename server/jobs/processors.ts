import type { BladeUser } from '../blade/context';
import { loadDataScopes } from '../blade/role-scopes';
import { scopedWhere, tenantWhere } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';
import { startRun } from '../modules/execution/engine';
import { OutboundRefused, outboundRequest, type OutboundPolicy } from '../outbound';

/** A job as its processor sees it (columns of `blade_job_info`). */
export interface JobRow {
  id: string;
  tenant_id: string;
  job_id: number | null;
  job_name: string;
  job_server_id: string;
  time_expression_type: number;
  time_expression: string | null;
  lifecycle_start: string | null;
  lifecycle_end: string | null;
  next_trigger_time: string | null;
  enable: number;
  processor_type: number;
  processor_info: string;
  job_params: string | null;
  max_instance_num: number | null;
  instance_time_limit: number | null;
  instance_retry_num: number | null;
  /** What a worker app applies to the run (sent to external processors as `settings`). */
  execute_type: number | null;
  dispatch_strategy: number | null;
  concurrency: number | null;
  task_retry_num: number | null;
  min_cpu_cores: string | number | null;
  min_memory_space: string | number | null;
  min_disk_space: string | number | null;
  designated_workers: string | null;
  max_worker_count: number | null;
  log_type: number | null;
  log_level: number | null;
  extra: string | null;
  create_user: string | null;
  update_user: string | null;
}

export interface ProcessorServices {
  db: Db;
  /** Where an external processor may be reached (`BLADE_OUTBOUND_ALLOW`). */
  policy: OutboundPolicy;
  /** Time limit of each test case a scheduled test run starts, as `execute` gives it. */
  caseTimeLimitSeconds: number;
}

/** Processor types (spec §9): 1 built-in, 4 external (dynamically loaded: here, the job app's address). */
export const PROCESSOR_TYPE = { builtIn: 1, external: 4 } as const;

/** What one run of a processor answers for its instance record; a failure throws with the reason. */
export interface ProcessorOutcome {
  result: string;
  /** Execution records of the test runs it started. */
  recordIds?: string[];
}
type Processor = (job: JobRow, services: ProcessorServices) => Promise<ProcessorOutcome>;

/** Task codes in a job's parameters: separated by commas, semicolons or white space. */
export const taskCodesOf = (params: string | null) =>
  [...new Set((params ?? '').split(/[\s,;，；]+/).map((code) => code.trim()).filter(Boolean))];

/** The user a job acts as: whoever last saved it (its runs are recorded under their name, in their tenant). */
async function actingUser(db: Db, job: JobRow): Promise<BladeUser> {
  const userId = job.update_user ?? job.create_user;
  const saver = tenantWhere(job.tenant_id, {}, 'id = $1', [userId]);
  const [row] = await db.query<{ id: string; account: string; name: string | null; real_name: string | null; dept_id: string | null; role_id: string | null; post_id: string | null }>(
    `SELECT id, account, name, real_name, dept_id, role_id, post_id FROM blade_user WHERE ${saver.where}`,
    saver.values,
  );
  if (!row) throw new Error('保存该任务的用户已不存在，请重新保存任务');
  const user: BladeUser = {
    tenantId: job.tenant_id,
    userId: row.id,
    account: row.account,
    userName: row.account,
    nickName: row.name ?? '',
    realName: row.real_name ?? '',
    roleId: row.role_id ?? '',
    roleName: '',
    deptId: row.dept_id ?? '',
    postId: row.post_id ?? '',
    clientId: 'scheduler',
    sessionId: '',
  };
  // The job reads and runs only what its saver may: their roles' data scopes apply, as in a request of theirs.
  return { ...user, dataScopes: await loadDataScopes(db, user) };
}

/**
 * Built-in processors (`processorInfo` of a type-1 job). `runTestTask` starts the test tasks whose codes are the job's
 * parameters on their terminals, as 执行 does; `cleanJobInstances` removes this tenant's finished run records older
 * than the parameter's number of days (30 by default).
 */
export const BUILT_IN_PROCESSORS: Record<string, Processor> = {
  async runTestTask(job, { db, caseTimeLimitSeconds }) {
    const codes = taskCodesOf(job.job_params);
    if (codes.length === 0) throw new Error('任务参数中没有测试任务编号');
    const user = await actingUser(db, job);
    const started: string[] = [];
    const recordIds: string[] = [];
    for (const code of codes) {
      const scope = scopedWhere(user, { resource: 'task' }, 'task_code = $1', [code]);
      const [task] = await db.query<{ id: string }>(`SELECT id FROM blade_task WHERE ${scope.where} ORDER BY id LIMIT 1`, scope.values);
      if (!task) throw new Error(`测试任务不存在: ${code}${started.length ? `（已启动: ${started.join('、')}）` : ''}`);
      const run = await db.transaction((tx) => startRun(tx, user, task.id, caseTimeLimitSeconds));
      started.push(`${code}（执行记录 ${run.recordId}）`);
      recordIds.push(run.recordId);
    }
    return { result: `已启动测试任务: ${started.join('、')}`, recordIds };
  },

  async cleanJobInstances(job, { db }) {
    const text = (job.job_params ?? '').trim();
    const days = text === '' ? 30 : Number(text);
    if (!Number.isInteger(days) || days < 1) throw new Error('任务参数应为保留的天数（正整数）');
    const before = formatDateTime(new Date(Date.now() - days * 24 * 3600 * 1000));
    const finished = tenantWhere(job.tenant_id, { noLogicalDelete: true }, 'trigger_time < $1 AND instance_status IN (3, 4)', [before]);
    const removed = await db.query<{ id: string }>(`DELETE FROM blade_job_instance WHERE ${finished.where} RETURNING id`, finished.values);
    return { result: `已清理 ${removed.length} 条 ${days} 天前的运行记录` };
  },
};

/** What is wrong with a job's processor, or undefined: an unknown built-in name is refused when the job is saved. */
export function processorProblem(processorType: number, processorInfo: string): string | undefined {
  if (processorType === PROCESSOR_TYPE.external) return undefined;
  if (processorType !== PROCESSOR_TYPE.builtIn) return '处理器类型不存在';
  if (!Object.hasOwn(BUILT_IN_PROCESSORS, processorInfo.trim())) {
    return `内置处理器不存在: ${processorInfo.trim()}（可用: ${Object.keys(BUILT_IN_PROCESSORS).join('、')}）`;
  }
  return undefined;
}

/** Longest wait for an external processor when the job sets no time limit, and the most it may set. */
const EXTERNAL_DEFAULT_MS = 10_000;
const EXTERNAL_MAX_MS = 60_000;

/**
 * An external processor: a POST of the job (its parameters and its runtime settings) to its app's address, with the
 * app's name and password as Basic credentials; any 2xx answer is a success. Only hosts an administrator allowed are
 * called.
 */
async function runExternal(job: JobRow, instanceId: string, { db, policy }: ProcessorServices): Promise<ProcessorOutcome> {
  const ofJob = tenantWhere(job.tenant_id, {}, 'id = $1', [job.job_server_id]);
  const [app] = await db.query<{ job_server_url: string; job_app_name: string; job_app_password: string | null }>(
    `SELECT job_server_url, job_app_name, job_app_password FROM blade_job_server WHERE ${ofJob.where}`,
    ofJob.values,
  );
  if (!app) throw new Error('任务应用不存在');
  const limit = job.instance_time_limit && job.instance_time_limit > 0 ? Math.min(job.instance_time_limit, EXTERNAL_MAX_MS) : EXTERNAL_DEFAULT_MS;
  const body = JSON.stringify({
    jobId: job.id,
    jobName: job.job_name,
    instanceId,
    processorInfo: job.processor_info,
    jobParams: job.job_params ?? '',
    // The worker side of the job (PowerJob's runtime settings): the app runs it as they say.
    settings: {
      executeType: job.execute_type,
      dispatchStrategy: job.dispatch_strategy,
      concurrency: job.concurrency,
      taskRetryNum: job.task_retry_num,
      instanceTimeLimit: job.instance_time_limit,
      minCpuCores: Number(job.min_cpu_cores ?? 0),
      minMemorySpace: Number(job.min_memory_space ?? 0),
      minDiskSpace: Number(job.min_disk_space ?? 0),
      designatedWorkers: job.designated_workers ?? '',
      maxWorkerCount: job.max_worker_count,
      logType: job.log_type,
      logLevel: job.log_level,
      extra: job.extra ?? '',
    },
  });
  try {
    const answer = await outboundRequest(policy, app.job_server_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${app.job_app_name}:${app.job_app_password ?? ''}`).toString('base64')}`,
      },
      body,
      timeoutMs: limit,
      maxBytes: 64 * 1024,
    });
    const summary = `HTTP ${answer.status}${answer.text ? `: ${answer.text.slice(0, 500)}` : ''}`;
    if (answer.status < 200 || answer.status >= 300) throw new Error(summary);
    return { result: summary };
  } catch (error) {
    if (error instanceof OutboundRefused) throw new Error('应用地址不在管理员允许的出站地址内（BLADE_OUTBOUND_ALLOW）');
    throw error;
  }
}

/** Runs a job's processor once. */
export function runProcessor(job: JobRow, instanceId: string, services: ProcessorServices): Promise<ProcessorOutcome> {
  if (job.processor_type === PROCESSOR_TYPE.external) return runExternal(job, instanceId, services);
  const problem = processorProblem(job.processor_type, job.processor_info);
  if (problem) return Promise.reject(new Error(problem));
  return BUILT_IN_PROCESSORS[job.processor_info.trim()](job, services);
}

import { SqlParams } from '../blade/query';
import { tenantRows } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';
import { sendMessage } from './send';

/** Failed instances (blade_job_instance.instance_status), as the scheduler numbers them. */
const FAILED = 4;

interface AlertSettings {
  id: string;
  tenant_id: string;
  job_name: string | null;
  notify_user_ids: string | null;
  alert_threshold: number | null;
  statistic_window_len: number | null;
  silence_window_len: number | null;
}

/** The screen of a job: 任务信息 with the job's drawer open. */
export const jobLink = (jobId: string) => `/job/jobinfo/${jobId}`;

/**
 * After an instance of `jobId` failed: when the job's failures within its 统计窗口 (seconds; none = all of them) reach
 * its 告警阈值, its 报警用户 get a message, at most once per 沉默窗口 (seconds). The silence is claimed by a
 * conditional upsert, so several processes seeing the same failures alert once. Answers whether it alerted.
 */
export async function alertJobFailures(db: Db, jobId: string, now = new Date()): Promise<boolean> {
  const [job] = await db.query<AlertSettings>(
    `SELECT id, tenant_id, job_name, notify_user_ids, alert_threshold, statistic_window_len, silence_window_len
     FROM blade_job_info WHERE id = $1 AND is_deleted = 0`,
    [jobId],
  );
  const threshold = Number(job?.alert_threshold ?? 0);
  if (!job || threshold <= 0 || !(job.notify_user_ids ?? '').trim()) return false;
  const windowSeconds = Math.max(0, Number(job.statistic_window_len ?? 0));
  const params = new SqlParams();
  const where = [
    `job_id = ${params.add(job.id)}`,
    `instance_status = ${FAILED}`,
    ...(windowSeconds > 0 ? [`finish_time >= ${params.add(formatDateTime(new Date(now.getTime() - windowSeconds * 1000)))}::timestamp`] : []),
    ...tenantRows(job.tenant_id, params, { noLogicalDelete: true }),
  ];
  const [{ n }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_job_instance WHERE ${where.join(' AND ')}`, params.values);
  const failures = Number(n);
  if (failures < threshold) return false;

  const silenceSeconds = Math.max(0, Number(job.silence_window_len ?? 0));
  const at = formatDateTime(now);
  const claimed = await db.query(
    `INSERT INTO blade_job_alert (job_id, tenant_id, last_alert_time) VALUES ($1, $2, $3)
     ON CONFLICT (job_id) DO UPDATE SET last_alert_time = EXCLUDED.last_alert_time
     WHERE blade_job_alert.last_alert_time <= $3::timestamp - $4 * interval '1 second'
     RETURNING job_id`,
    [job.id, job.tenant_id, at, silenceSeconds],
  );
  if (claimed.length === 0) return false;
  const [last] = await db.query<{ result: string | null }>(
    `SELECT result FROM blade_job_instance WHERE job_id = $1 AND instance_status = ${FAILED} ORDER BY finish_time DESC NULLS LAST, id DESC LIMIT 1`,
    [job.id],
  );
  const span = windowSeconds > 0 ? `${windowSeconds}秒内` : '累计';
  await sendMessage(db, (job.notify_user_ids ?? '').split(','), {
    tenantId: job.tenant_id,
    category: 'alert',
    title: `任务调度告警：${job.job_name ?? job.id}`,
    content: `${span}失败 ${failures} 次，达到告警阈值 ${threshold}${last?.result ? `；最近一次：${last.result}` : ''}`,
    link: jobLink(job.id),
  });
  return true;
}

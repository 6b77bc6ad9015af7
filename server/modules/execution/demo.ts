import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_TENANT } from '../../blade/context';
import { nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import { DEMO_PROJECT_CODE } from '../../db/seed-demo';
import type { Db } from '../../db/types';
import { tenantObjectKey } from '../../storage/keys';
import type { ObjectStore } from '../../storage/types';
import { tenantWhere } from '../../blade/scope';

/**
 * A demo task a newcomer can run at once: three cases (passes, fails, slow) on the seeded terminal TM-001, whose
 * python scripts ship in `demo-scripts/` and are put into object storage. The task, its cases and scripts belong to
 * the demo project that owns TM-001 (when it is there). Made once: a demo task an administrator deleted is not
 * brought back.
 */

const SCRIPTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'demo-scripts');
export const DEMO_TASK_CODE = 'DEMO-RUN-001';
export const DEMO_TERMINAL_CODE = 'TM-001';

const DEMO_CASES = [
  { file: 'demo_login_pass.py', title: '登录冒烟测试（通过）' },
  { file: 'demo_checksum_fail.py', title: '固件校验和比对（失败）' },
  { file: 'demo_soak_slow.py', title: '短时稳定性测试（较慢）' },
] as const;

export async function seedExecutionDemo(db: Db, store: ObjectStore): Promise<boolean> {
  const demoTerminal = tenantWhere(ADMIN_TENANT, {}, 'terminal_code = $1', [DEMO_TERMINAL_CODE]);
  const [terminal] = await db.query<{ id: string }>(`SELECT id FROM blade_terminal WHERE ${demoTerminal.where}`, demoTerminal.values);
  if (!terminal) return false;
  // The scripts go into this server's store even when the rows exist: several servers on one database (or a store
  // that was emptied) must all be able to hand them to an agent.
  // Rows keep the tenant's own key (as an upload does); the store keeps it under the tenant's prefix.
  const keys = DEMO_CASES.map((demo) => `script/${demo.file}`);
  for (const [index, demo] of DEMO_CASES.entries()) {
    const objectKey = tenantObjectKey(ADMIN_TENANT, keys[index]);
    if (!(await store.getObject(objectKey))) await store.putObject(objectKey, readFileSync(join(SCRIPTS_DIR, demo.file)), 'text/x-python');
  }
  // A demo task once seeded, even deleted since, is not seeded again.
  const demoTask = tenantWhere(ADMIN_TENANT, { noLogicalDelete: true }, 'task_code = $1', [DEMO_TASK_CODE]);
  const [existing] = await db.query(`SELECT 1 FROM blade_task WHERE ${demoTask.where}`, demoTask.values);
  if (existing) return false;
  const now = formatDateTime(new Date());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [727_010]);
    const [raced] = await tx.query(`SELECT 1 FROM blade_task WHERE ${demoTask.where}`, demoTask.values);
    if (raced) return false;
    const taskId = nextId();
    // Filed under the first module of the demo tree, so the task and its cases read like the rest of the demo.
    const modules = tenantWhere(ADMIN_TENANT, { alias: 'c' });
    const [module] = await tx.query<{ path: string | null }>(
      `SELECT p.id || ',' || c.id AS path FROM blade_module_type c JOIN blade_module_type p ON p.id = c.parent_id
       WHERE ${modules.where} ORDER BY p.sort_order, c.sort_order, c.id LIMIT 1`,
      modules.values,
    );
    const modulePath = module?.path ?? null;
    const demoProject = tenantWhere(ADMIN_TENANT, {}, 'project_code = $1', [DEMO_PROJECT_CODE]);
    const [project] = await tx.query<{ id: string }>(`SELECT id::text AS id FROM blade_project WHERE ${demoProject.where}`, demoProject.values);
    const projectId = project?.id ?? null;
    // Cases and scripts of a project are owned by it (归属 1); without the project they are public (0).
    const ownership = projectId ? 1 : 0;
    await tx.query(
      `INSERT INTO blade_task (id, tenant_id, task_code, task_name, task_type, run_status, terminal_id, parent_id, module_type_path, project_id, create_time, update_time)
       VALUES ($1, $2, $3, '演示任务：终端代理执行', 1, 0, $4, 0, $6, $7, $5, $5)`,
      [taskId, ADMIN_TENANT, DEMO_TASK_CODE, terminal.id, now, modulePath, projectId],
    );
    for (const [index, demo] of DEMO_CASES.entries()) {
      const number = String(index + 1).padStart(3, '0');
      const scriptId = nextId();
      const caseId = nextId();
      await tx.query(
        `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, script_type, ownership_type, project_id, module_type_path, script_desc, create_time, update_time)
         VALUES ($1, $2, $3, $4, '1.0', 1, 'python', $8, $9, $6, $7, $5, $5)`,
        [scriptId, ADMIN_TENANT, `DEMO-SCRIPT-${number}`, keys[index], now, modulePath, demo.title, ownership, projectId],
      );
      await tx.query(
        `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, ownership, project_id, priority, module_type_path, purpose, script_path, script_desc, create_time, update_time)
         VALUES ($1, $2, $3, $4, $5, 1, $11, $12, 2, $7, $8, $9, $10, $6, $6)`,
        [caseId, ADMIN_TENANT, `DEMO-CASE-${number}`, demo.title, scriptId, now, modulePath, `验证：${demo.title}`, keys[index], demo.title, ownership, projectId],
      );
      await tx.query(
        `INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [nextId(), ADMIN_TENANT, taskId, caseId, index + 1, now],
      );
    }
    await seedDemoJob(tx, now);
    return true;
  });
}

/**
 * 任务调度's demo: a job app and a nightly job that runs the demo task (paused: the demo starts no run by itself;
 * 启停 turns it on, 运行 runs it once). It acts as the administrator, who saved it.
 */
async function seedDemoJob(tx: Db, now: string) {
  const administrator = tenantWhere(ADMIN_TENANT, {}, "account = 'admin'");
  const [admin] = await tx.query<{ id: string; dept_id: string | null }>(`SELECT id, dept_id FROM blade_user WHERE ${administrator.where}`, administrator.values);
  if (!admin) return;
  const audit = [admin.id, admin.dept_id?.split(',')[0] || null, now];
  const appId = nextId();
  await tx.query(
    `INSERT INTO blade_job_server (id, tenant_id, job_server_name, job_server_url, job_app_name, job_app_password, job_remark,
       create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES ($1, $2, '自动化测试', 'http://localhost:7700', 'autotest', $3, $4, $5, $6, $7, $5, $7, 1, 0)`,
    [appId, ADMIN_TENANT, randomBytes(18).toString('base64url'), '内置处理器在本服务运行；外部处理器的任务派发到应用地址', ...audit],
  );
  await tx.query(
    `INSERT INTO blade_job_info (id, tenant_id, job_id, job_server_id, job_name, job_description, job_params, time_expression_type,
       time_expression, execute_type, processor_type, processor_info, dispatch_strategy, enable, max_instance_num, concurrency,
       instance_time_limit, instance_retry_num, task_retry_num, min_cpu_cores, min_memory_space, min_disk_space, max_worker_count,
       alert_threshold, statistic_window_len, silence_window_len, log_type, log_level,
       create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES ($1, $2, 1, $3, '演示任务每日回归', '每天凌晨 2 点在终端 TM-001 上执行演示任务', $4, 2, '0 0 2 * * ?', 1, 1, 'runTestTask', 1, 0, 1, 5,
       0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, $5, $6, $7, $5, $7, 1, 0)`,
    [nextId(), ADMIN_TENANT, appId, DEMO_TASK_CODE, ...audit],
  );
}

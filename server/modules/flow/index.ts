import type { Context } from 'hono';
import { z } from 'zod';
import { ADMIN_TENANT, type BladeEnv, type BladeModule, type BladeUser, type ServerServices } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { badRequest, forbidden } from '../../blade/errors';
import { formBody } from '../../blade/body';
import { nextId } from '../../blade/ids';
import { idField, idListField, operationHandler, type OperationHandler } from '../../blade/operation';
import { assertCode, assertMenu, hasMenu } from '../../blade/permissions';
import { pageOf, parseDateText, parsePaging, SqlParams, type Paging } from '../../blade/query';
import { startTicker } from '../../blade/ticker';
import { scopedRows, scopedWhere } from '../../blade/scope';
import { formatDateTime } from '../../blade/serializer';
import { withOperationLog } from '../../blade/logs';
import type { Db } from '../../db/types';
import {
  claimTask,
  cleanVariables,
  mayWork,
  type TaskRow,
  completeTask,
  deleteInstance,
  fireDueTimers,
  startProcess,
  type DeploymentRow,
  type FlowActor,
} from '../../flow/engine';
import { diagramSvg } from '../../flow/diagram';
import { ensureLeaveDeployed, LEAVE_BUSINESS_TABLE, LEAVE_PROCESS_KEY } from '../../flow/leave';
import { ensureReviewDeployed, REVIEWED, reviewedResourceOf, reviewInstancesOf, type ReviewedResource } from '../../flow/review';
import { createResourceStore } from '../../blade/crud';
import { checkedModel, deploy, targetTenants } from '../../flow/deploy';
import { historyWire, instanceWire, leaveWire, processWire, taskWire } from './wire';

/**
 * Workflows under `/api/blade-flow` (and the leave process under `/api/blade-desk/process/leave`), as BladeX answers
 * them: deployments (部署管理, 流程管理), running instances (流程跟踪), the caller's work lists
 * (我的事务), claiming and completing tasks, the diagram with its history. The engine is `server/flow/engine.ts`;
 * every read goes through the scope seam, screens' calls are guarded by their menus and buttons, and tasks by who
 * may do them (assignee or candidate).
 */

const FLOW = '/api/blade-flow';
const LEAVE = '/api/blade-desk/process/leave';
const REVIEW = '/api/blade-desk/process/review';
/** How often each process looks for due timers. */
const TICK_MS = 1000;

const MSG = {
  stateInvalid: 'state 只能是 active 或 suspend',
  fileType: '请上传 .bpmn20.xml 或 .bpmn 格式的流程文件',
  filesMissing: '请选择流程文件',
  leaveDefinition: '请假流程不存在或未部署',
  endBeforeStart: '结束时间不能早于开始时间',
  reviewMissing: '该流程不是用例或脚本的审核',
} as const;

type Row = Record<string, unknown>;

const actorOf = (user: BladeUser): FlowActor => ({ tenantId: user.tenantId, userId: user.userId, deptId: user.deptId, roleId: user.roleId });
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const optionalText = (label: string, max = 255) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .refine((value) => value.length <= max, { error: `${label}长度不能超过${max}个字符` })
    .describe(label);
const requiredText = (label: string, max = 255, message = `请输入${label}`) =>
  z
    .union([z.string({ error: message }), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { error: message })
    .refine((value) => value.length <= max, { error: `${label}长度不能超过${max}个字符` })
    .describe(label);

/** A Blade boolean: `true`/`false`, `1`/`0`, as JSON or form text. */
const flagField = (label: string) =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      ctx.addIssue({ code: 'custom', message: `${label}只能是 true 或 false` });
      return z.NEVER;
    })
    .describe(label);

const variablesField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    try {
      const parsed = typeof value === 'string' && value.trim() !== '' ? (JSON.parse(value) as unknown) : value;
      return cleanVariables(parsed);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error && /[\u4e00-\u9fff]/.test(error.message) ? error.message : '流程变量格式不正确' });
      return z.NEVER;
    }
  })
  .describe('流程变量');

const changeStateParams = z.object({
  state: z.enum(['active', 'suspend'], { error: MSG.stateInvalid }).describe('state'),
  processId: requiredText('流程定义编号'),
});
const deploymentIdsParams = z.object({ deploymentIds: idListField('部署编号', { max: 100 }) });
const deleteInstanceParams = z.object({ processInstanceId: idField('流程实例编号'), deleteReason: optionalText('删除原因', 500) });
const taskIdParams = z.object({ taskId: idField('任务编号') });
const completeBody = z.object({
  taskId: idField('任务编号'),
  processInstanceId: idField('流程实例编号').optional(),
  comment: optionalText('审批意见', 2000),
  flag: optionalText('flag', 16),
  pass: flagField('pass'),
  variables: variablesField,
});
const startBody = z.object({ processDefinitionId: requiredText('流程定义编号'), variables: variablesField });
const leaveDate = (label: string) =>
  requiredText(label, 19, `请选择${label}`)
    .transform((value, ctx) => {
      const parsed = parseDateText(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return parsed.value;
    })
    .describe(label);
const leaveBody = z
  .object({
    processDefinitionId: requiredText('流程定义编号'),
    leaveType: optionalText('请假类型', 32),
    startTime: leaveDate('开始时间'),
    endTime: leaveDate('结束时间'),
    days: z.union([z.number(), z.string()]).optional().describe('请假天数'),
    reason: requiredText('请假理由', 2000),
  })
  .refine((body) => body.endTime >= body.startTime, { error: MSG.endBeforeStart, path: ['endTime'] });

/** Days of leave between two dates, both counted (a half day when times say so). */
function leaveDays(start: string, end: string): number {
  const startDay = new Date(`${start.slice(0, 10)}T00:00:00Z`).getTime();
  const endDay = new Date(`${end.slice(0, 10)}T00:00:00Z`).getTime();
  return Math.round((endDay - startDay) / 86_400_000) + 1;
}

export const flowModule: BladeModule = (app, services) => {
  const { db, registry } = services;
  const handle = <B extends z.ZodType<unknown> | undefined, Q extends z.ZodType<unknown> | undefined, P extends z.ZodType<unknown> | undefined>(
    spec: { body?: B; query?: Q; params?: P },
    handler: OperationHandler<B extends z.ZodType<unknown> ? z.output<B> : undefined, Q extends z.ZodType<unknown> ? z.output<Q> : undefined, P extends z.ZodType<unknown> ? z.output<P> : undefined>,
  ) => operationHandler(spec, handler);
  const get = (path: string, handler: (c: Context<BladeEnv>) => Promise<Response>) => app.get(path, handler);
  // Every write leaves an operation-log row, as the declared operations of resources do.
  const post = (path: string, title: string, handler: (c: Context<BladeEnv>) => Promise<Response>) => app.post(path, withOperationLog(db, title, handler));

  // ---- deployments (部署管理, 流程管理) ---------------------------------------------------------------------------

  get(`${FLOW}/manager/list`, async (c) => {
    const user = c.get('user');
    await assertMenu(db, user, 'flow_manager');
    await ensureShippedDeployed(db, [user.tenantId]);
    const query = c.req.query();
    const params = new SqlParams();
    const where = scopedRows(user, params);
    if (query.category) where.push(`category = ${params.add(query.category)}`);
    if (query.key) where.push(`process_key = ${params.add(query.key)}`);
    return page(c, db, 'blade_flow_deployment', where, params, 'deployment_time DESC, id DESC', parsePaging(query), (row) => processWire(registry, row));
  });

  post(
    `${FLOW}/manager/change-state`,
    '流程管理-变更状态',
    handle({ params: changeStateParams }, async ({ user, params }) => {
      await assertCode(db, user, 'flow_manager_state');
      const scope = scopedWhere(user, {}, 'process_definition_id = $1', [params.processId]);
      const base = scope.values.length;
      const changed = await db.query(`UPDATE blade_flow_deployment SET suspension_state = $${base + 1} WHERE ${scope.where} RETURNING id`, [
        ...scope.values,
        params.state === 'active' ? 1 : 2,
      ]);
      if (changed.length === 0) throw badRequest('流程定义不存在');
      return R.success(params.state === 'active' ? `激活ID为 [${params.processId}] 的流程成功` : `挂起ID为 [${params.processId}] 的流程成功`);
    }),
  );

  post(`${FLOW}/manager/deploy-upload`, '部署管理-部署', async (c) => {
    const user = c.get('user');
    await assertCode(db, user, 'flow_deploy_deploy');
    const form = await formBody(c);
    const parsed = await c.req.parseBody({ all: true });
    const files = [parsed.files].flat().filter((file): file is File => file instanceof File);
    if (files.length === 0) throw badRequest(MSG.filesMissing);
    if (files.some((file) => !/\.(bpmn20\.xml|bpmn)$/i.test(file.name))) throw badRequest(MSG.fileType);
    const category = typeof form.category === 'string' ? form.category.trim() : '';
    if (category.length > 64) throw badRequest('流程类型长度不能超过64个字符');
    const tenants = await targetTenants(db, user, typeof form.tenantIds === 'string' ? form.tenantIds : '');
    const documents = await Promise.all(files.map(async (file) => ({ name: file.name, xml: await file.text() })));
    for (const document of documents) await checkedModel(document.xml, document.name);
    for (const tenantId of tenants) for (const document of documents) await deploy(db, user, tenantId, document.xml, { category, resourceName: document.name });
    return send(c, R.success());
  });

  post(
    `${FLOW}/manager/delete-deployment`,
    '流程管理-删除',
    handle({ params: deploymentIdsParams }, async ({ user, params }) => {
      await assertCode(db, user, 'flow_manager_delete');
      const scope = scopedWhere(user, {}, "id = ANY(string_to_array($1, ',')::bigint[])", [params.deploymentIds.join(',')]);
      const removed = await db.query<{ id: string }>(`UPDATE blade_flow_deployment SET is_deleted = 1 WHERE ${scope.where} RETURNING id`, scope.values);
      // Its running instances end with it (Flowable's cascading delete).
      for (const deployment of removed) {
        const running = scopedWhere(user, {}, "deployment_id = $1 AND state = 'running'", [deployment.id]);
        const instances = await db.query<{ id: string }>(`SELECT id FROM blade_flow_instance WHERE ${running.where}`, running.values);
        for (const instance of instances) await deleteInstance(db, user.tenantId, instance.id, '流程部署已删除');
      }
    }),
  );

  // ---- running instances (流程跟踪) --------------------------------------------------------------------------

  get(`${FLOW}/follow/list`, async (c) => {
    const user = c.get('user');
    await assertMenu(db, user, 'flow_follow');
    const query = c.req.query();
    const params = new SqlParams();
    const where = [...scopedRows(user, params, { alias: 'i', resource: 'flow_follow' }), "i.state = 'running'"];
    if (query.processInstanceId) where.push(`i.id::text = ${params.add(query.processInstanceId)}`);
    if (query.processDefinitionKey) where.push(`d.process_key = ${params.add(query.processDefinitionKey)}`);
    return instancePage(c, db, registry, where, params, parsePaging(query));
  });

  post(
    `${FLOW}/follow/delete-process-instance`,
    '流程跟踪-删除',
    handle({ params: deleteInstanceParams }, async ({ user, params }) => {
      await assertCode(db, user, 'flow_follow_delete');
      const scope = scopedWhere(user, { resource: 'flow_follow' }, 'id = $1', [params.processInstanceId]);
      const [instance] = await db.query(`SELECT id FROM blade_flow_instance WHERE ${scope.where}`, scope.values);
      if (!instance) throw badRequest('流程实例不存在');
      await deleteInstance(db, user.tenantId, params.processInstanceId, params.deleteReason);
      return R.success('删除成功');
    }),
  );

  // ---- my work (我的事务): each list is the caller's own --------------------------------------------------------

  get(`${FLOW}/work/start-list`, async (c) => {
    const user = c.get('user');
    await ensureShippedDeployed(db, [user.tenantId]);
    const query = c.req.query();
    const params = new SqlParams();
    const where = [...scopedRows(user, params), 'suspension_state = 1'];
    if (query.category) where.push(`category = ${params.add(query.category)}`);
    // The latest version of each process.
    where.push(`version = (SELECT MAX(latest.version) FROM blade_flow_deployment latest
      WHERE latest.tenant_id = blade_flow_deployment.tenant_id AND latest.process_key = blade_flow_deployment.process_key AND latest.is_deleted = 0)`);
    return page(c, db, 'blade_flow_deployment', where, params, 'process_key, id', parsePaging(query), (row) => processWire(registry, row));
  });

  const from = `FROM blade_flow_task t JOIN blade_flow_instance i ON i.id = t.instance_id JOIN blade_flow_deployment d ON d.id = i.deployment_id`;
  const taskList = (status: TaskListKind) => async (c: Context<BladeEnv>) => {
    const user = c.get('user');
    const query = c.req.query();
    const params = new SqlParams();
    const where = taskWhere(user, status, params);
    if (query.category) where.push(`d.category = ${params.add(query.category)}`);
    if (query.processDefinitionName) where.push(`d.name ILIKE ${params.add(`%${query.processDefinitionName}%`)}`);
    const paging = parsePaging(query);
    const rows = await db.query(
      `SELECT t.*, i.business_table, i.business_id, i.start_time, i.state AS instance_state, i.create_user,
              d.process_definition_id, d.process_key, d.name AS process_name, d.version, d.category,
              starter.real_name AS start_user_name, holder.real_name AS assignee_name
       ${from} LEFT JOIN blade_user starter ON starter.id = i.create_user LEFT JOIN blade_user holder ON holder.id = t.assignee
       WHERE ${where.join(' AND ')} ORDER BY ${status === 'done' ? 't.end_time DESC' : 't.create_time DESC'}, t.id DESC
       LIMIT ${paging.size} OFFSET ${paging.offset}`,
      params.values,
    );
    const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n ${from} WHERE ${where.join(' AND ')}`, params.values);
    return send(c, R.data(pageOf(rows.map((row) => taskWire(registry, row, status === 'done' ? 'finished' : status)), Number(count.n), paging)));
  };
  get(`${FLOW}/work/todo-list`, taskList('todo'));
  get(`${FLOW}/work/claim-list`, taskList('claim'));
  get(`${FLOW}/work/done-list`, taskList('done'));

  // The numbers on 我的事务's menu entries: the caller's tasks to claim and to handle, as their lists' totals.
  get(`${FLOW}/work/counts`, async (c) => {
    const user = c.get('user');
    const count = async (status: TaskListKind) => {
      const params = new SqlParams();
      const [row] = await db.query<{ n: string }>(`SELECT count(*) AS n ${from} WHERE ${taskWhere(user, status, params).join(' AND ')}`, params.values);
      return Number(row.n);
    };
    const [claim, todo] = await Promise.all([count('claim'), count('todo')]);
    return send(c, R.data({ claim, todo }));
  });

  get(`${FLOW}/work/send-list`, async (c) => {
    const user = c.get('user');
    const query = c.req.query();
    const params = new SqlParams();
    const where = [...scopedRows(user, params, { alias: 'i' }), `i.create_user = ${params.add(user.userId)}`, "i.state <> 'deleted'"];
    if (query.category) where.push(`d.category = ${params.add(query.category)}`);
    return instancePage(c, db, registry, where, params, parsePaging(query));
  });

  post(
    `${FLOW}/work/claim-task`,
    '待签事务-签收',
    handle({ params: taskIdParams }, async ({ user, params }) => {
      await claimTask(db, actorOf(user), params.taskId);
      return R.success('签收事务成功');
    }),
  );

  post(
    `${FLOW}/work/complete-task`,
    '待办事务-办理',
    handle({ body: completeBody }, async ({ user, body }) => {
      // BladeX: `pass` decides the gateways; `flag=ok` is Saber's 同意 button.
      const pass = body.pass ?? body.flag === 'ok';
      await completeTask(db, actorOf(user), body.taskId, { comment: body.comment, pass, variables: body.variables });
      return R.success('流程提交成功');
    }),
  );

  post(
    `${FLOW}/work/start-process`,
    '发起事务-发起',
    handle({ body: startBody }, async ({ user, body }) => {
      await assertCode(db, user, 'work_start_start');
      const deployment = await definitionOf(db, user, body.processDefinitionId);
      const instanceId = await db.transaction((tx) => startProcess(tx, { deploymentId: deployment.id, actor: actorOf(user), variables: body.variables }));
      return R.data({ processInstanceId: instanceId });
    }),
  );

  // ---- the diagram and its history ---------------------------------------------------------------------------

  get(`${FLOW}/process/model-view`, async (c) => {
    const user = c.get('user');
    const { processInstanceId, processDefinitionId } = c.req.query();
    if (processInstanceId) {
      const id = idField('流程实例编号').safeParse(processInstanceId);
      if (!id.success) throw badRequest('流程实例编号格式不正确');
      const instance = await instanceOf(db, user, id.data);
      const deployment = await deploymentRow(db, user, text(instance.deployment_id));
      const history = await historyOf(db, user, text(instance.id));
      return send(c, R.data({ xml: deployment.xml, flow: history.map(historyWire) }));
    }
    if (processDefinitionId) {
      const deployment = await definitionOf(db, user, processDefinitionId);
      return send(c, R.data({ xml: deployment.xml, flow: [] }));
    }
    throw badRequest('请输入流程实例编号');
  });

  // The same diagram as an SVG image, for BladeX's clients that open it in an `img` or `iframe`: such a request has
  // no Blade-Auth header, so it carries the token as the `blade-auth` query parameter (the auth check reads both).
  const svg = (c: Context<BladeEnv>, body: string) =>
    c.body(body, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });

  get(`${FLOW}/process/diagram-view`, async (c) => {
    const user = c.get('user');
    const id = idField('流程实例编号').safeParse(c.req.query('processInstanceId'));
    if (!id.success) throw badRequest('请输入流程实例编号');
    const instance = await instanceOf(db, user, id.data);
    const deployment = await deploymentRow(db, user, text(instance.deployment_id));
    const history = await historyOf(db, user, text(instance.id));
    const finished = new Set(history.filter((row) => row.end_time).map((row) => text(row.activity_id)));
    const active = new Set(history.filter((row) => !row.end_time).map((row) => text(row.activity_id)));
    return svg(c, diagramSvg(text(deployment.xml), { finished, active }));
  });

  get(`${FLOW}/process/resource-view`, async (c) => {
    const processDefinitionId = c.req.query('processDefinitionId');
    if (!processDefinitionId) throw badRequest('请输入流程定义编号');
    const deployment = await definitionOf(db, c.get('user'), processDefinitionId);
    return svg(c, diagramSvg(text(deployment.xml)));
  });

  get(`${FLOW}/process/history-flow-list`, async (c) => {
    const user = c.get('user');
    const instanceId = idField('流程实例编号').safeParse(c.req.query('processInstanceId'));
    if (!instanceId.success) throw badRequest('请输入流程实例编号');
    const instance = await instanceOf(db, user, instanceId.data);
    const history = await historyOf(db, user, text(instance.id));
    const shown = history.filter((row) => ['bpmn:StartEvent', 'bpmn:UserTask', 'bpmn:EndEvent'].includes(text(row.activity_type)));
    // The start is the starter's doing, as BladeX shows it.
    const rows = shown.map((row) => (row.activity_type === 'bpmn:StartEvent' ? { ...row, assignee: instance.create_user, assignee_name: instance.start_user_name } : row));
    return send(c, R.data(rows.map(historyWire)));
  });

  // What a process without a form of its own was started with (its start form's title and reason), for the pages
  // of its tasks: only these two of its variables, to whoever may read the instance.
  get(`${FLOW}/process/instance-detail`, async (c) => {
    const user = c.get('user');
    const instanceId = idField('流程实例编号').safeParse(c.req.query('processInstanceId'));
    if (!instanceId.success) throw badRequest('请输入流程实例编号');
    const instance = await instanceOf(db, user, instanceId.data);
    const variables = parseVariables(text(instance.variables));
    return send(
      c,
      R.data({
        processInstanceId: text(instance.id),
        processDefinitionId: text(instance.process_definition_id),
        title: typeof variables.title === 'string' ? variables.title : '',
        reason: typeof variables.reason === 'string' ? variables.reason : '',
        startUser: text(instance.create_user),
        startUserName: text(instance.start_user_name),
        startTime: text(instance.start_time),
        endTime: text(instance.end_time),
        status: instance.state === 'running' ? 'unfinished' : 'finished',
      }),
    );
  });

  // ---- the leave process (请假流程) ----------------------------------------------------------------------------

  post(
    `${LEAVE}/start-process`,
    '请假流程-发起',
    handle({ body: leaveBody }, async ({ user, body }) => {
      await ensureLeaveDeployed(db, [user.tenantId]);
      const deployment = await definitionOf(db, user, body.processDefinitionId);
      if (deployment.process_key !== LEAVE_PROCESS_KEY) throw badRequest(MSG.leaveDefinition);
      const days = leaveDays(body.startTime, body.endTime);
      await db.transaction(async (tx) => {
        const leaveId = nextId();
        const stamp = formatDateTime(new Date());
        await tx.query(
          `INSERT INTO blade_process_leave (id, tenant_id, process_definition_id, leave_type, start_time, end_time, days, reason, apply_time, create_user, create_dept, create_time, update_user, update_time)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $10, $9)`,
          [leaveId, user.tenantId, deployment.process_definition_id, body.leaveType, body.startTime, body.endTime, days, body.reason, stamp, user.userId, firstId(user.deptId)],
        );
        const instanceId = await startProcess(tx, {
          deploymentId: deployment.id,
          actor: actorOf(user),
          variables: { days, leaveType: body.leaveType, reason: body.reason, applyUserName: user.realName || user.account },
          businessTable: LEAVE_BUSINESS_TABLE,
          businessId: leaveId,
        });
        await tx.query('UPDATE blade_process_leave SET process_instance_id = $1 WHERE id = $2', [instanceId, leaveId]);
      });
    }),
  );

  get(`${LEAVE}/detail`, async (c) => {
    const user = c.get('user');
    const businessId = idField('业务编号').safeParse(c.req.query('businessId'));
    if (!businessId.success) throw badRequest('请输入业务编号');
    const scope = scopedWhere(user, { alias: 'l' }, 'l.id = $1', [businessId.data]);
    const [leave] = await db.query(
      `SELECT l.*, u.real_name AS create_user_name FROM blade_process_leave l LEFT JOIN blade_user u ON u.id = l.create_user WHERE ${scope.where}`,
      scope.values,
    );
    if (!leave) throw badRequest('请假单不存在');
    const instance = leave.process_instance_id ? await instanceOf(db, user, text(leave.process_instance_id)) : undefined;
    const open = instance ? await openTasksOf(db, user, text(instance.id)) : [];
    return send(
      c,
      R.data({
        ...leaveWire(leave),
        flow: instance
          ? {
              processInstanceId: text(instance.id),
              processDefinitionId: text(instance.process_definition_id),
              status: instance.state === 'running' ? 'unfinished' : 'finished',
              processIsFinished: instance.state === 'running' ? 'unfinished' : 'finished',
              taskName: open.map((task) => text(task.name)).join(','),
              taskId: open.map((task) => text(task.id)).join(','),
            }
          : null,
      }),
    );
  });

  // ---- reviews of test cases and scripts (审核流程) ---------------------------------------------------------------

  /**
   * Who may read a review: its author, whoever has or had one of its tasks, and whoever may open the item's screen
   * (the item's own data scope then applies).
   */
  const mayReadReview = async (user: BladeUser, instance: Row, resource: ReviewedResource) => {
    if (text(instance.create_user) === user.userId) return true;
    const scope = scopedWhere(user, {}, 'instance_id = $1', [text(instance.id)]);
    const tasks = await db.query<TaskRow>(`SELECT assignee, candidate_users, candidate_groups FROM blade_flow_task WHERE ${scope.where}`, scope.values);
    if (tasks.some((task) => mayWork(task, { userId: user.userId, roleId: user.roleId }))) return true;
    return hasMenu(db, user, resource);
  };

  // The item is read as its screen reads it (its labels, its data scope); one store per reviewed resource.
  const reviewedStores = new Map<ReviewedResource, ReturnType<typeof createResourceStore>>();
  const reviewedStore = (resource: ReviewedResource) => {
    const schema = registry.schemaByName(resource);
    if (!schema) return undefined;
    if (!reviewedStores.has(resource)) reviewedStores.set(resource, createResourceStore(db, registry, schema));
    return reviewedStores.get(resource);
  };

  const reviewFlowOf = async (user: BladeUser, instance: Row) => {
    const open = await openTasksOf(db, user, text(instance.id));
    const finished = instance.state === 'running' ? 'unfinished' : 'finished';
    return {
      processInstanceId: text(instance.id),
      processDefinitionId: text(instance.process_definition_id),
      status: finished,
      processIsFinished: finished,
      startTime: text(instance.start_time),
      endTime: text(instance.end_time),
      taskName: open.map((task) => text(task.name)).join(','),
      taskId: open.map((task) => text(task.id)).join(','),
    };
  };

  // The item under review (read-only, as its screen shows it) and where its review stands.
  get(`${REVIEW}/detail`, async (c) => {
    const user = c.get('user');
    const instanceId = idField('流程实例编号').safeParse(c.req.query('processInstanceId'));
    if (!instanceId.success) throw badRequest('请输入流程实例编号');
    const instance = await instanceOf(db, user, instanceId.data);
    const resource = reviewedResourceOf(instance.business_table);
    if (!resource || !instance.business_id) throw badRequest(MSG.reviewMissing);
    if (!(await mayReadReview(user, instance, resource))) throw forbidden();
    const record = await reviewedStore(resource)?.detail(user, text(instance.business_id));
    if (!record) throw badRequest(`${REVIEWED[resource].label}不存在`);
    return send(c, R.data({ resource, businessId: text(instance.business_id), record, flow: await reviewFlowOf(user, instance) }));
  });

  // The reviews of one item, newest first: the case or script drawer shows the latest with its history and diagram.
  get(`${REVIEW}/list`, async (c) => {
    const user = c.get('user');
    const resource = c.req.query('resource');
    if (resource !== 'testcase' && resource !== 'testscript') throw badRequest('resource 只能是 testcase 或 testscript');
    const businessId = idField('业务编号').safeParse(c.req.query('businessId'));
    if (!businessId.success) throw badRequest('请输入业务编号');
    await assertMenu(db, user, resource);
    const instances = await reviewInstancesOf(db, user, resource, businessId.data);
    const rows = await Promise.all(instances.map((row) => instanceOf(db, user, row.id)));
    return send(c, R.data(await Promise.all(rows.map((instance) => reviewFlowOf(user, instance)))));
  });

  // ---- timers ----------------------------------------------------------------------------------------------------

  // Each process looks for due timers until the server closes, and advances each instance once.
  if (services.config.scheduler !== false) startTicker(services, 'flow', TICK_MS, () => fireDueTimers(db));
  services.inBackground?.(deployShippedEverywhere(db));
};

/** The processes every tenant ships with: the leave and the review of cases and scripts. */
async function ensureShippedDeployed(db: Db, tenantIds: readonly string[]) {
  await ensureLeaveDeployed(db, tenantIds);
  await ensureReviewDeployed(db, tenantIds);
}

/** Every live tenant gets the shipped processes (a tenant created later gets them on its first flow call). */
async function deployShippedEverywhere(db: Db) {
  try {
    const tenants = await db.query<{ tenant_id: string }>('SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0');
    await ensureShippedDeployed(db, [...new Set([ADMIN_TENANT, ...tenants.map((tenant) => tenant.tenant_id)])]);
  } catch (error) {
    console.error('[flow] deploying the shipped processes failed:', error);
  }
}


type TaskListKind = 'todo' | 'claim' | 'done';

/** The caller's tasks of a work list: open and theirs (待办), open and offered to them (待签), done by them (办结). */
function taskWhere(user: BladeUser, status: TaskListKind, params: SqlParams): string[] {
  const where = scopedRows(user, params, { alias: 't' });
  const me = params.add(user.userId);
  if (status === 'todo') where.push("t.state = 'open'", `t.assignee = ${me}`);
  if (status === 'done') where.push("t.state = 'done'", `t.assignee = ${me}`);
  if (status === 'claim') {
    where.push(
      "t.state = 'open'",
      't.assignee IS NULL',
      `(${me}::text = ANY(string_to_array(t.candidate_users, ',')) OR string_to_array(t.candidate_groups, ',') && string_to_array(${params.add(user.roleId)}, ','))`,
    );
  }
  return where;
}

const firstId = (ids: string) => ids.split(',').find((id) => /^\d{1,19}$/.test(id.trim()))?.trim() ?? null;

async function page(
  c: Context<BladeEnv>,
  db: Db,
  table: string,
  where: string[],
  params: SqlParams,
  order: string,
  paging: Paging,
  wire: (row: Row) => unknown,
): Promise<Response> {
  const rows = await db.query(`SELECT * FROM ${table} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${paging.size} OFFSET ${paging.offset}`, params.values);
  const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where.join(' AND ')}`, params.values);
  return send(c, R.data(pageOf(rows.map(wire), Number(count.n), paging)));
}

/** Instances with their definition, starter and the open tasks (who has it now, since when). */
async function instancePage(c: Context<BladeEnv>, db: Db, registry: ServerServices['registry'], where: string[], params: SqlParams, paging: Paging) {
  const from = 'FROM blade_flow_instance i JOIN blade_flow_deployment d ON d.id = i.deployment_id';
  const rows = await db.query(
    `SELECT i.*, d.process_key, d.name AS process_name, d.version, d.category, d.suspension_state, starter.real_name AS start_user_name,
            (SELECT string_agg(t.name, ',' ORDER BY t.create_time) FROM blade_flow_task t WHERE t.instance_id = i.id AND t.state = 'open') AS current_tasks,
            (SELECT string_agg(COALESCE(holder.real_name, ''), ',' ORDER BY t.create_time) FROM blade_flow_task t LEFT JOIN blade_user holder ON holder.id = t.assignee
              WHERE t.instance_id = i.id AND t.state = 'open') AS current_assignees,
            (SELECT MIN(t.create_time) FROM blade_flow_task t WHERE t.instance_id = i.id AND t.state = 'open') AS current_since
     ${from} LEFT JOIN blade_user starter ON starter.id = i.create_user
     WHERE ${where.join(' AND ')} ORDER BY i.start_time DESC, i.id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
    params.values,
  );
  const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n ${from} WHERE ${where.join(' AND ')}`, params.values);
  return send(c, R.data(pageOf(rows.map((row) => instanceWire(registry, row)), Number(count.n), paging)));
}

async function deploymentRow(db: Db, user: BladeUser, id: string): Promise<DeploymentRow> {
  // A deleted deployment still shows the diagram of the instances it ran.
  const scope = scopedWhere(user, { noLogicalDelete: true }, 'id = $1', [id]);
  const [row] = await db.query<DeploymentRow>(`SELECT * FROM blade_flow_deployment WHERE ${scope.where}`, scope.values);
  if (!row) throw badRequest('流程定义不存在');
  return row;
}

async function definitionOf(db: Db, user: BladeUser, processDefinitionId: string): Promise<DeploymentRow> {
  const scope = scopedWhere(user, {}, 'process_definition_id = $1', [processDefinitionId]);
  const [row] = await db.query<DeploymentRow>(`SELECT * FROM blade_flow_deployment WHERE ${scope.where}`, scope.values);
  if (!row) throw badRequest('流程定义不存在');
  return row;
}

async function instanceOf(db: Db, user: BladeUser, id: string): Promise<Row> {
  const scope = scopedWhere(user, { alias: 'i' }, 'i.id = $1', [id]);
  const [row] = await db.query(
    `SELECT i.*, starter.real_name AS start_user_name FROM blade_flow_instance i LEFT JOIN blade_user starter ON starter.id = i.create_user WHERE ${scope.where}`,
    scope.values,
  );
  if (!row) throw badRequest('流程实例不存在');
  return row;
}

async function historyOf(db: Db, user: BladeUser, instanceId: string): Promise<Row[]> {
  const scope = scopedWhere(user, { alias: 'h', noLogicalDelete: true }, 'h.instance_id = $1', [instanceId]);
  return db.query(
    `SELECT h.*, holder.real_name AS assignee_name FROM blade_flow_history h LEFT JOIN blade_user holder ON holder.id = h.assignee
     WHERE ${scope.where} ORDER BY h.start_time, h.id`,
    scope.values,
  );
}

async function openTasksOf(db: Db, user: BladeUser, instanceId: string): Promise<Row[]> {
  const scope = scopedWhere(user, {}, "instance_id = $1 AND state = 'open'", [instanceId]);
  return db.query(`SELECT id, name FROM blade_flow_task WHERE ${scope.where} ORDER BY create_time`, scope.values);
}

/** An instance's stored variables (a JSON object), or none when the text is not one. */
function parseVariables(stored: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

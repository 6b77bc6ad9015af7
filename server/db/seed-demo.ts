import { randomBytes } from 'node:crypto';
import { ADMIN_TENANT } from '../blade/context';
import { nextId } from '../blade/ids';
import { formatDate, formatDateTime } from '../blade/serializer';
import { hashPlainPassword } from '../users/password';
import type { Db } from './types';

/** The resources whose tables the demo rows fill: a registry without them (a test's own) starts with no demo data. */
const DEMO_RESOURCES = ['notice', 'project', 'moduletype', 'importcheck', 'terminal', 'tooldevice', 'testobject', 'task', 'taskrecord', 'testcase', 'testscript'];

export const holdsDemoResources = (registry: { schemaByName(name: string): unknown }) =>
  DEMO_RESOURCES.every((name) => registry.schemaByName(name) !== undefined);

/**
 * Demo data of the administrator tenant, so that a fresh installation shows a populated home page and dashboard:
 * projects, tasks across types and run states, terminals across running states, and execution records of the last
 * two weeks. Written only into empty tables, so it never mixes with (or returns after deleting) real data.
 */

interface DemoAudit {
  adminId: string;
  deptId: string;
  /** The role the demo team's accounts hold (the seeded 普通用户). */
  userRoleId: string;
  now: Date;
}

const DAY_MS = 86_400_000;

/** The project that owns the runnable demo (`DEMO-RUN-001`, its cases and scripts) and its terminals TM-001, TM-002. */
export const DEMO_PROJECT_CODE = 'PRJ-2024-001';

const PROJECTS: [code: string, name: string, status: number, manager: string][] = [
  ['PRJ-2024-001', '智能电表固件回归测试', 1, '张伟'],
  ['PRJ-2024-002', '车载信息娱乐系统验证', 1, '李娜'],
  ['PRJ-2024-003', '工业网关协议一致性测试', 3, '王强'],
  ['PRJ-2024-004', '充电桩通信模块认证', 1, '刘洋'],
  ['PRJ-2024-005', '智能家居网关稳定性测试', 2, '陈静'],
  ['PRJ-2024-006', '5G 模组性能摸底', 0, '杨帆'],
  ['PRJ-2024-007', '光伏逆变器监控平台测试', 3, '赵磊'],
  ['PRJ-2024-008', '医疗监护仪软件验证', 4, '周敏'],
];

/**
 * The test team the demo's projects, members and records name: real accounts, so that 项目成员 lists them and a
 * project's text names its stored manager. Their password is random and never shown: an administrator who wants
 * to sign in as one resets it (密码重置).
 */
const TEAM: [account: string, realName: string][] = [
  ['zhangwei', '张伟'],
  ['lina', '李娜'],
  ['wangqiang', '王强'],
  ['liuyang', '刘洋'],
  ['chenjing', '陈静'],
  ['yangfan', '杨帆'],
  ['zhaolei', '赵磊'],
  ['zhoumin', '周敏'],
];

const TASK_SUBJECTS = [
  '启动自检',
  '固件升级',
  '协议解析',
  '断电恢复',
  '网络切换',
  '长时间运行',
  '接口兼容',
  '告警上报',
  '数据采集精度',
  '远程配置下发',
];

/** The module tree: [code, name, children]. */
const MODULE_TREE: [code: string, name: string, children: [string, string][]][] = [
  ['COMM', '通信模块', [['COMM-STACK', '协议栈'], ['COMM-NET', '网络管理']]],
  ['SYS', '系统模块', [['SYS-UPGRADE', '升级管理'], ['SYS-LOG', '日志管理']]],
  ['BIZ', '业务模块', [['BIZ-DAQ', '数据采集']]],
];

const TOOL_DEVICES: [code: string, name: string, type: number, manufacturer: string, location: string][] = [
  ['TD-OSC-01', '数字示波器 MSO5104', 1, '普源精电', '一号实验室 A 区'],
  ['TD-DMM-01', '六位半万用表 DM3068', 2, '普源精电', '一号实验室 A 区'],
  ['TD-PWR-01', '程控直流电源 IT6302', 3, '艾德克斯', '一号实验室 B 区'],
  ['TD-CAN-01', 'CAN 总线分析仪 PCAN-USB', 4, 'PEAK-System', '整车实验室'],
  ['TD-DBG-01', 'J-Link 调试器', 5, 'SEGGER', '二号实验室'],
  ['TD-OSC-02', '数字示波器 DS1202', 1, '普源精电', '二号实验室'],
];

/** The devices under test, one on each terminal (in the order of `TERMINALS`). */
const TEST_OBJECTS: [code: string, name: string, type: number, version: string, manufacturer: string][] = [
  ['TO-METER-01', '智能电表 DDZY-2024', 1, 'V2.3.1', '威胜集团'],
  ['TO-METER-02', '智能电表 DTZY-2024', 1, 'V2.3.1', '威胜集团'],
  ['TO-GW-01', '工业网关 IG-500', 1, 'V1.8.0', '研华科技'],
  ['TO-MOD-01', '5G 通信模组 RM500', 4, 'V0.9.7', '移远通信'],
  ['TO-BOARD-01', '充电桩通信板 CB-200', 3, 'V1.2.0', '特来电'],
  ['TO-GW-02', '智能家居网关 HG-10', 1, 'V2.0.4', '涂鸦智能'],
  ['TO-APP-01', '智能家居 App（安卓）', 9, 'V5.6.0', '涂鸦智能'],
  ['TO-APP-02', '车机互联 App（安卓）', 9, 'V3.1.2', '博泰车联网'],
  ['TO-APP-03', '车机互联 App（鸿蒙）', 9, 'V3.1.0', '博泰车联网'],
  ['TO-INV-01', '光伏逆变器 SG-110', 1, 'V4.0.1', '阳光电源'],
  ['TO-MON-01', '监护仪主板 PM-8', 3, 'V1.5.3', '迈瑞医疗'],
  ['TO-ECU-01', '车载控制器 VCU-3', 2, 'V3.0.2', '联合电子'],
];

const TERMINALS: [name: string, manufacturer: string, location: string][] = [
  ['测试机柜A-01', '华为技术有限公司', '一号实验室 A 区'],
  ['测试机柜A-02', '华为技术有限公司', '一号实验室 A 区'],
  ['测试机柜B-01', '中兴通讯股份有限公司', '一号实验室 B 区'],
  ['测试机柜B-02', '中兴通讯股份有限公司', '一号实验室 B 区'],
  ['自动化台架C-01', '研华科技', '二号实验室'],
  ['自动化台架C-02', '研华科技', '二号实验室'],
  ['安卓测试手机-01', '小米科技', '移动测试间'],
  ['安卓测试手机-02', 'OPPO', '移动测试间'],
  ['鸿蒙测试平板-01', '华为技术有限公司', '移动测试间'],
  ['温箱测试台-01', '广州五所', '环境实验室'],
  ['振动测试台-01', '苏州东菱', '环境实验室'],
  ['车载 HIL 台架-01', 'dSPACE', '整车实验室'],
];

/** The project (index into `PROJECTS`) each terminal serves, by its test object: TM-001 and TM-002 the demo's. */
const TERMINAL_PROJECTS = [0, 0, 2, 5, 3, 4, 4, 1, 1, 6, 7, 1];

/** Running states cycled over the terminals: mostly idle or busy, some offline, one failing. */
const TERMINAL_RUNNING = [1, 2, 2, 1, 0, 2, 1, 3, 2, 1, 0, 2];
const EXECUTORS = ['张伟', '李娜', '王强', '刘洋', '陈静', '管理员'];

async function isEmpty(db: Db, table: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE tenant_id = $1 LIMIT 1`, [ADMIN_TENANT]);
  return rows.length === 0;
}

/** Inserts one row with the audit columns filled in; `values` maps column names to values. */
async function insertRow(db: Db, table: string, audit: DemoAudit, values: Record<string, unknown>, createdAt: Date) {
  const row: Record<string, unknown> = {
    id: nextId(),
    tenant_id: ADMIN_TENANT,
    create_user: audit.adminId,
    create_dept: audit.deptId,
    create_time: formatDateTime(createdAt),
    update_user: audit.adminId,
    update_time: formatDateTime(createdAt),
    is_deleted: 0,
    ...values,
  };
  const names = Object.keys(row);
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
  return row.id as string;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

interface TeamMember {
  id: string;
  /** As stored: an account that existed already keeps its own name. */
  realName: string;
}

/** The team's accounts (those not taken yet); answers each team member by the real name of `TEAM`. */
async function seedTeam(db: Db, audit: DemoAudit): Promise<Map<string, TeamMember>> {
  const ids = new Map<string, TeamMember>();
  const password = await hashPlainPassword(randomBytes(24).toString('base64url'));
  for (const [index, [account, realName]] of TEAM.entries()) {
    const [taken] = await db.query<{ id: string; real_name: string | null }>(
      'SELECT id::text AS id, real_name FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0',
      [ADMIN_TENANT, account],
    );
    if (taken) {
      ids.set(realName, { id: taken.id, realName: taken.real_name ?? account });
      continue;
    }
    const id = await insertRow(db, 'blade_user', audit, {
      code: account.slice(0, 12), user_type: 1, account, password, name: realName, real_name: realName, avatar: '',
      email: `${account}@example.com`, phone: '', sex: index % 2 === 0 ? 1 : 2, role_id: audit.userRoleId, dept_id: audit.deptId, post_id: '',
    }, daysAgo(audit.now, 200 - index));
    ids.set(realName, { id, realName });
  }
  return ids;
}

/** Each project's members: its manager and the two colleagues after them in the team. */
async function seedMembers(db: Db, audit: DemoAudit, projectIds: string[], team: Map<string, TeamMember>) {
  const names = TEAM.map(([, realName]) => realName);
  for (const [index, [, , , manager]] of PROJECTS.entries()) {
    const start = names.indexOf(manager);
    const members = [0, 1, 2].flatMap((offset) => team.get(names[(start + offset) % names.length]) ?? []);
    for (const member of members) {
      await insertRow(db, 'blade_project_user_rel', audit, { project_id: projectIds[index], user_id: member.id }, daysAgo(audit.now, 110 - index * 10));
    }
  }
}

/** The projects, each managed by its team member; the text names the manager stored (the administrator without one). */
async function seedProjects(db: Db, audit: DemoAudit, team: Map<string, TeamMember>) {
  const ids: string[] = [];
  for (const [index, [code, name, status, managerName]] of PROJECTS.entries()) {
    const start = daysAgo(audit.now, 120 - index * 10);
    const manager = team.get(managerName) ?? { id: audit.adminId, realName: '管理员' };
    ids.push(
      await insertRow(
        db,
        'blade_project',
        audit,
        {
          project_code: code,
          project_name: name,
          status,
          manager_id: manager.id,
          start_date: formatDate(start),
          end_date: formatDate(daysAgo(audit.now, -60 - index * 15)),
          description: `${name}：负责人 ${manager.realName}，覆盖功能、回归与稳定性验证。`,
        },
        start,
      ),
    );
  }
  return ids;
}

/** The module tree; answers the leaves as [id path, readable path]. */
async function seedModules(db: Db, audit: DemoAudit): Promise<[string, string][]> {
  const leaves: [string, string][] = [];
  for (const [index, [code, name, children]] of MODULE_TREE.entries()) {
    const rootId = await insertRow(db, 'blade_module_type', audit,
      { type_code: code, type_name: name, parent_id: 0, level: 1, sort_order: index + 1, biz_type: 3 }, daysAgo(audit.now, 150));
    for (const [childIndex, [childCode, childName]] of children.entries()) {
      const childId = await insertRow(db, 'blade_module_type', audit,
        { type_code: childCode, type_name: childName, parent_id: rootId, level: 2, sort_order: childIndex + 1, biz_type: 3 }, daysAgo(audit.now, 150));
      leaves.push([`${rootId},${childId}`, `${name}/${childName}`]);
    }
  }
  return leaves;
}

async function seedDevices(db: Db, audit: DemoAudit) {
  const tools: { id: string; code: string; name: string; unique: string; maintenance: number }[] = [];
  for (const [index, [code, name, type, manufacturer, location]] of TOOL_DEVICES.entries()) {
    const unique = `SN-T${String(880100 + index * 13)}`;
    const maintenance = index === 5 ? 2 : 1;
    const id = await insertRow(db, 'blade_tool_device', audit, {
      device_code: code, device_name: name, device_type: type, manufacturer, unique_code: unique,
      ip: `192.168.20.${11 + index}`, maintenance_status: maintenance, calibration_location: location,
      borrower_name: EXECUTORS[index % EXECUTORS.length], borrow_time: formatDate(daysAgo(audit.now, 40 + index)),
      purchase_date: formatDate(daysAgo(audit.now, 400 + index * 20)), warranty_period: 24,
    }, daysAgo(audit.now, 100 - index));
    tools.push({ id, code, name, unique, maintenance });
  }
  const objects: { id: string; name: string; type: number; version: string }[] = [];
  for (const [index, [code, name, type, version, manufacturer]] of TEST_OBJECTS.entries()) {
    const id = await insertRow(db, 'blade_test_object', audit, {
      device_code: code, device_name: name, device_type: type, maintenance_status: 1, baseline_version: version,
      manufacturer, ip: `192.168.30.${11 + index}`, borrower_name: EXECUTORS[index % EXECUTORS.length],
      borrow_time: formatDate(daysAgo(audit.now, 20 + index)), status: 1,
    }, daysAgo(audit.now, 95 - index));
    objects.push({ id, name, type, version });
  }
  return { tools, objects };
}

async function seedTerminals(db: Db, audit: DemoAudit, devices: Awaited<ReturnType<typeof seedDevices>>, projectIds: string[]) {
  for (const [index, [name, manufacturer, location]] of TERMINALS.entries()) {
    const running = TERMINAL_RUNNING[index];
    const code = `TM-${String(index + 1).padStart(3, '0')}`;
    const terminalId = await insertRow(
      db,
      'blade_terminal',
      audit,
      {
        terminal_code: code,
        terminal_name: name,
        manufacturer,
        ip: `192.168.10.${21 + index}`,
        unique_code: `SN${(20240001 + index * 37).toString()}`,
        running_status: running,
        // A failing terminal is under maintenance; every other one is in service.
        maintenance_status: running === 3 ? 2 : 1,
        borrower_name: EXECUTORS[index % EXECUTORS.length],
        borrow_time: formatDate(daysAgo(audit.now, 30 + index)),
        // Without the demo projects (written only into an empty table) a terminal belongs to none.
        project_id: projectIds[TERMINAL_PROJECTS[index]] ?? null,
        location,
        last_heartbeat: formatDateTime(daysAgo(audit.now, running === 0 ? 2 : 0.001 * (index + 1))),
      },
      daysAgo(audit.now, 90 - index),
    );
    // Every terminal is complete, as its form asks on save: a tool chain of in-service devices and its test object.
    const inService = devices.tools.filter((tool) => tool.maintenance === 1);
    const chain = index % 3 === 2 ? [inService[index % inService.length]] : [inService[index % inService.length], inService[(index + 1) % inService.length]];
    for (const [sort, tool] of chain.entries()) {
      await insertRow(db, 'blade_terminal_tool_device', audit,
        { terminal_id: terminalId, tool_device_id: tool.id, device_name: tool.name, unique_code: tool.unique, maintenance_status: tool.maintenance, sort: sort + 1 },
        daysAgo(audit.now, 90 - index));
    }
    const object = devices.objects[index];
    await insertRow(db, 'blade_terminal_test_object', audit,
      { terminal_id: terminalId, test_object_id: object.id, device_name: object.name, device_type: object.type, maintenance_status: 1, baseline_version: object.version, sort: 1 },
      daysAgo(audit.now, 90 - index));
  }
}

async function seedTasks(db: Db, audit: DemoAudit, projectIds: string[], modules: [string, string][]) {
  const codes: { task: string; project: string }[] = [];
  for (let index = 0; index < 30; index++) {
    const projectIndex = index % PROJECTS.length;
    const [projectCode, projectName] = PROJECTS[projectIndex];
    const [modulePath] = modules[index % modules.length];
    const taskType = (index % 5) + 1;
    // Spread over every run state, weighted towards finished and running work.
    const runStatus = [3, 1, 3, 0, 1, 3, 2, 3, 4, 1][index % 10];
    const start = daysAgo(audit.now, 28 - (index % 14));
    const duration = runStatus === 0 ? null : 600 + ((index * 977) % 7200);
    const taskCode = `TASK-${String(index + 1).padStart(4, '0')}`;
    await insertRow(
      db,
      'blade_task',
      audit,
      {
        task_code: taskCode,
        task_name: `${projectName.replace(/测试|验证|认证|摸底/g, '')}-${TASK_SUBJECTS[index % TASK_SUBJECTS.length]}`,
        task_type: taskType,
        task_level: 1,
        parent_id: 0,
        project_id: projectIds[projectIndex],
        module_type_path: modulePath,
        run_status: runStatus,
        start_time: runStatus === 0 ? null : formatDateTime(start),
        end_time: runStatus === 3 || runStatus === 4 ? formatDateTime(new Date(start.getTime() + (duration ?? 0) * 1000)) : null,
        duration,
      },
      daysAgo(start, 1),
    );
    codes.push({ task: taskCode, project: projectCode });
  }
  return codes;
}

/** Runs per day, today first, over the last two weeks (40 in all): a working rhythm, not a flat line. */
const RUNS_PER_DAY = [3, 4, 2, 5, 3, 1, 2, 4, 3, 5, 2, 1, 3, 2];

async function seedTaskRecords(db: Db, audit: DemoAudit, tasks: { task: string; project: string }[]) {
  let index = 0;
  for (const [day, runs] of RUNS_PER_DAY.entries()) {
    for (let run = 0; run < runs; run++, index++) {
      const { task, project } = tasks[(index * 7) % tasks.length];
      // Most runs succeed; some fail, a few are running, waiting or cancelled.
      const executionStatus = [2, 2, 3, 2, 1, 2, 2, 3, 0, 4][index % 10];
      // Runs of one day are spread over its hours before now; the newest is a few minutes old.
      const executedAt = new Date(audit.now.getTime() - day * DAY_MS - (run * 83 + 5) * 60_000);
      await insertRow(
        db,
        'blade_task_record',
        audit,
        {
          project_code: project,
          task_code: task,
          terminal_code: `TM-${String((index % TERMINALS.length) + 1).padStart(3, '0')}`,
          execution_status: executionStatus,
          executor: EXECUTORS[index % EXECUTORS.length],
          execute_time: formatDateTime(executedAt),
        },
        executedAt,
      );
    }
  }
}

/** One past import check, as a test lead finds it in 导入检查日志: two rows named by row and column. */
async function seedImportCheck(db: Db, audit: DemoAudit) {
  await insertRow(db, 'blade_import_check', audit, {
    bath_no: 'IMP-DEMO-0001',
    opt_type: 1,
    is_check_finish: 1,
    file_name: '功能测试用例导入.xlsx',
    file_url: '',
    total_count: 12,
    valid_count: 10,
    error_msg: '第4行「用例标题」: 不能为空\n第9行「功能模块」: 功能模块不存在',
  }, daysAgo(audit.now, 3));
}

export async function seedDemoData(db: Db, adminId: string, deptId: string, userRoleId: string): Promise<void> {
  const audit: DemoAudit = { adminId, deptId, userRoleId, now: new Date() };
  let projectIds: string[] = [];
  if (await isEmpty(db, 'blade_project')) {
    const team = await seedTeam(db, audit);
    projectIds = await seedProjects(db, audit, team);
    await seedMembers(db, audit, projectIds, team);
  }
  if (await isEmpty(db, 'blade_import_check')) await seedImportCheck(db, audit);
  let modules: [string, string][] = [];
  if (await isEmpty(db, 'blade_module_type')) modules = await seedModules(db, audit);
  if ((await isEmpty(db, 'blade_terminal')) && (await isEmpty(db, 'blade_tool_device'))) {
    await seedTerminals(db, audit, await seedDevices(db, audit), projectIds);
  }
  // Tasks refer to the projects and modules just written; next to existing ones they would point nowhere.
  if (projectIds.length > 0 && modules.length > 0 && (await isEmpty(db, 'blade_task'))) {
    const tasks = await seedTasks(db, audit, projectIds, modules);
    if (await isEmpty(db, 'blade_task_record')) await seedTaskRecords(db, audit, tasks);
  }
}

import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../server/blade/serializer';
import type { DashboardFigures, StatusCount } from '../../resources/wire';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT } from './fixtures';

const FIGURES = '/api/blade-desk/dashboard/figures';
const PROJECT = '/gateway/blade-project/project';
const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const RECORD = '/gateway/blade-taskrecord/taskRecord';
const MODULE = '/gateway/blade-moduletype/moduleType';

let admin: string;
let other: string;

async function figuresOf(token: string): Promise<DashboardFigures> {
  const answer = await call(FIGURES, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function submit(token: string, path: string, json: Record<string, unknown>) {
  const answer = await call(path, { token, json });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
}

/** A module of the caller's tenant, created for the test; answers its id path. */
async function moduleOf(token: string, stamp: number): Promise<string> {
  await submit(token, `${MODULE}/submit`, { typeName: '看板模块', typeCode: `D-MOD-${stamp}` });
  const listed = await call(`${MODULE}/list?typeCode_equal=D-MOD-${stamp}`, { token });
  return listed.body.data.records[0].id;
}

async function listTotal(token: string, path: string, query = '') {
  const answer = await call(`${path}?current=1&size=1${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data.total as number;
}

const countOf = (counts: StatusCount[], key: string) => counts.find((entry) => entry.key === key)?.count ?? 0;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

describe('dashboard figures', () => {
  it('needs a login', async () => {
    const answer = await call(FIGURES);
    expect(answer.body.code).toBe(401);
  });

  it('match the list endpoints of the demo data, status by status, with dictionary labels', async () => {
    const figures = await figuresOf(admin);
    expect(figures.projects.total).toBe(await listTotal(admin, `${PROJECT}/list`));
    expect(figures.tasks.total).toBe(await listTotal(admin, `${TASK}/list`));
    expect(figures.terminals.total).toBe(await listTotal(admin, `${TERMINAL}/page`));
    expect(figures.projects.total).toBeGreaterThan(0);
    expect(figures.tasks.byStatus.map((entry) => entry.label)).toEqual(['未开始', '排队中', '运行中', '已暂停', '已完成', '已失败', '已终止']);
    for (const entry of figures.tasks.byStatus) {
      expect(entry.count).toBe(await listTotal(admin, `${TASK}/list`, `&runStatus_equal=${entry.key}`));
    }
    expect(figures.terminals.byStatus.map((entry) => entry.label)).toEqual(['离线', '空闲', '运行中', '异常']);
    for (const entry of figures.terminals.byStatus) {
      expect(entry.count).toBe(await listTotal(admin, `${TERMINAL}/page`, `&runningStatus_equal=${entry.key}`));
    }
    const today = formatDate(new Date());
    expect(figures.runsPerDay).toHaveLength(14);
    expect(figures.runsPerDay.at(-1)?.date).toBe(today);
    expect(figures.runsToday).toBe(
      await listTotal(admin, `${RECORD}/list`, `&executeTime_datege=${today}%2000:00:00`),
    );
    expect(figures.recentRecords.length).toBeLessThanOrEqual(10);
    const times = figures.recentRecords.map((record) => record.executeTime ?? '');
    expect(times).toEqual([...times].sort().reverse());
  });

  it('count a new tenant rows exactly, and never another tenant rows', async () => {
    const adminBefore = await figuresOf(admin);
    const before = await figuresOf(other);
    const stamp = Date.now();

    await submit(other, `${PROJECT}/submit`, {
      projectCode: `D-P-${stamp}`,
      projectName: '看板统计项目',
      status: 1,
      managerId: '2000000000000000021',
    });
    const modulePath = await moduleOf(other, stamp);
    for (const index of [0, 1, 2]) {
      await submit(other, `${TASK}/mainTaskSubmit`, { taskCode: `D-T-${stamp}-${index}`, taskName: '看板统计任务', moduleTypePath: modulePath });
    }
    await submit(other, `${TERMINAL}/submit`, {
      terminalCode: `D-M-${stamp}`,
      terminalName: '看板统计终端',
      manufacturer: '厂商',
      ip: '10.0.0.9',
      uniqueCode: `U-${stamp}`,
      runningStatus: 3,
      maintenanceStatus: 1,
    });

    const after = await figuresOf(other);
    expect(after.projects.total).toBe(before.projects.total + 1);
    expect(countOf(after.projects.byStatus, '1')).toBe(countOf(before.projects.byStatus, '1') + 1);
    expect(after.tasks.total).toBe(before.tasks.total + 3);
    // A new task has not run yet.
    expect(countOf(after.tasks.byStatus, '0')).toBe(countOf(before.tasks.byStatus, '0') + 3);
    expect(countOf(after.terminals.byStatus, '3')).toBe(countOf(before.terminals.byStatus, '3') + 1);
    // The second tenant's two fixture records: one made when the suite started, one outside the window. The first is
    // counted on its own day, which is today unless the run crossed midnight since.
    expect(after.runsPerDay.reduce((total, day) => total + day.count, 0)).toBe(1);
    const fixtureDay = String(after.recentRecords[0].executeTime).slice(0, 10);
    expect(after.runsPerDay.find((day) => day.date === fixtureDay)?.count).toBe(1);
    expect(after.runsToday).toBe(fixtureDay === formatDate(new Date()) ? 1 : 0);
    expect(after.recentRecords[0]).toMatchObject({
      projectCode: 'D-P-FIXTURE',
      taskCode: 'D-T-FIXTURE',
      terminalCode: 'D-M-FIXTURE',
      executionStatus: '3',
      executionStatusLabel: '执行失败',
      executor: '看板执行人',
    });

    const adminAfter = await figuresOf(admin);
    expect(adminAfter.projects).toEqual(adminBefore.projects);
    expect(adminAfter.tasks).toEqual(adminBefore.tasks);
    expect(adminAfter.terminals).toEqual(adminBefore.terminals);
    expect(adminAfter.runsPerDay).toEqual(adminBefore.runsPerDay);
    expect(adminAfter.recentRecords.map((record) => record.executor)).not.toContain('看板执行人');
  });

  it('stop counting deleted rows', async () => {
    const stamp = Date.now();
    await submit(other, `${TASK}/mainTaskSubmit`, { taskCode: `D-X-${stamp}`, moduleTypePath: await moduleOf(other, stamp) });
    const withTask = await figuresOf(other);
    const listed = await call(`${TASK}/list?taskCode_equal=D-X-${stamp}`, { token: other });
    const id = listed.body.data.records[0].id;
    await call(`${TASK}/remove?ids=${id}`, { token: other, method: 'POST' });
    const without = await figuresOf(other);
    expect(without.tasks.total).toBe(withTask.tasks.total - 1);
    expect(countOf(without.tasks.byStatus, '0')).toBe(countOf(withTask.tasks.byStatus, '0') - 1);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';

/** The demo data a fresh install shows is data a user can work with: each row saves as it is. */

const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const SEEDED_TERMINALS = Array.from({ length: 12 }, (_, index) => `TM-${String(index + 1).padStart(3, '0')}`);

let admin: string;

async function data<T = any>(path: string, options: { json?: unknown } = {}): Promise<T> {
  const answer = await call(path, { token: admin, ...options });
  expect(answer.body, `${path}: ${answer.text}`).toMatchObject({ code: 200, success: true });
  return answer.body.data as T;
}

async function terminalByCode(code: string) {
  const page = await data<{ records: { id: string; terminalCode: string }[] }>(`${TERMINAL}/page?current=1&size=10&terminalCode=${code}`);
  const found = page.records.find((record) => record.terminalCode === code);
  expect(found, code).toBeDefined();
  return data<Record<string, any>>(`${TERMINAL}/detail?id=${found!.id}`);
}

beforeAll(async () => {
  admin = await loginAdmin();
});

describe('the demo terminals', () => {
  it('each have a tool chain and a test object, linked to seeded devices by code', async () => {
    for (const code of SEEDED_TERMINALS) {
      const terminal = await terminalByCode(code);
      expect(terminal.terminalToolDeviceList.length, code).toBeGreaterThan(0);
      for (const tool of terminal.terminalToolDeviceList) expect(tool.deviceCode, code).toMatch(/^TD-/);
      expect(terminal.terminalTestObject.deviceCode, code).toMatch(/^TO-/);
      expect(terminal.terminalTestObject.deviceType, code).not.toBeNull();
    }
  });

  it('each pass the terminal validation: saved unchanged, as 编辑 → 确定 sends them', async () => {
    for (const code of SEEDED_TERMINALS) {
      const terminal = await terminalByCode(code);
      await data(`${TERMINAL}/submit`, { json: terminal });
      const again = await terminalByCode(code);
      expect(again.terminalTestObject.testObjectId, code).toBe(terminal.terminalTestObject.testObjectId);
      expect(again.terminalToolDeviceList.map((tool: { toolDeviceId: string }) => tool.toolDeviceId), code).toEqual(
        terminal.terminalToolDeviceList.map((tool: { toolDeviceId: string }) => tool.toolDeviceId),
      );
    }
  });

  it('name the section of a missing 设备编号', async () => {
    const terminal = await terminalByCode('TM-012');
    const [tool] = terminal.terminalToolDeviceList;
    const withoutTool = await call(`${TERMINAL}/submit`, { token: admin, json: { ...terminal, terminalToolDeviceList: [{ ...tool, toolDeviceId: '' }] } });
    expect(withoutTool.body.msg).toBe('请选择工具链设备编号');
    const withoutObject = await call(`${TERMINAL}/submit`, { token: admin, json: { ...terminal, terminalTestObject: {} } });
    expect(withoutObject.body.msg).toBe('请选择测试对象设备编号');
    const withoutCode = await call(`${TERMINAL}/submit`, { token: admin, json: { ...terminal, terminalCode: '' } });
    expect(withoutCode.body.msg).toBe('请输入终端设备编号');
  });
});

const PROJECT = '/gateway/blade-project/project';
const MEMBERS = '/gateway/blade-projectuserrel/projectUserRel/list';

async function projectByCode(code: string) {
  const page = await data<{ records: Record<string, any>[] }>(`${PROJECT}/list?current=1&size=10&projectCode_equal=${code}`);
  expect(page.records, code).toHaveLength(1);
  return page.records[0];
}

describe('the demo projects', () => {
  it('have members, listed with the spec member fields and their child users', async () => {
    const children = new Set<string>();
    for (let index = 1; index <= 8; index++) {
      const project = await projectByCode(`PRJ-2024-00${index}`);
      const members = await data<Record<string, any>[]>(`${MEMBERS}?projectId=${project.id}`);
      expect(members.length, project.projectCode).toBeGreaterThanOrEqual(2);
      for (const member of members) {
        expect(member).toMatchObject({ tenantName: expect.any(String), roleName: '普通用户', deptName: expect.any(String), userTypeName: expect.any(String) });
        expect(member.account).toMatch(/^[a-z]+$/);
        expect(member.realName).not.toBe('');
        for (const child of member.childUserList) children.add(child.account);
      }
    }
    // The team sits in the top department; the tester's second department is below it.
    expect(children).toContain('tester');
  });
});

const TASK = '/gateway/blade-task/task';
const CASE = '/gateway/blade-testcase/testCase';
const SCRIPT = '/gateway/blade-testscript/testScript';

describe('the demo data is one story', () => {
  it('each project text names the manager that is stored', async () => {
    for (let index = 1; index <= 8; index++) {
      const project = await projectByCode(`PRJ-2024-00${index}`);
      expect(project.managerName, project.projectCode).not.toBe('');
      expect(project.description, project.projectCode).toContain(`负责人 ${project.managerName}`);
      // The manager is one of the project's members.
      const members = await data<{ userId: string }[]>(`${MEMBERS}?projectId=${project.id}`);
      expect(members.map((member) => member.userId), project.projectCode).toContain(project.managerId);
    }
  });

  it('one demo project owns the runnable demo task, its cases and scripts, and the terminals TM-001 and TM-002', async () => {
    const project = await projectByCode('PRJ-2024-001');
    // The demo task is seeded in the background of the first start.
    let task: Record<string, any> | undefined;
    for (let tries = 0; !task && tries < 100; tries++) {
      task = (await data<{ records: Record<string, any>[] }>(`${TASK}/list?taskCode=DEMO-RUN-001`)).records[0];
      if (!task) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(task, 'DEMO-RUN-001').toBeDefined();
    expect(task).toMatchObject({ projectId: project.id, projectName: project.projectName });
    for (const number of ['001', '002', '003']) {
      const [testCase] = (await data<{ records: Record<string, any>[] }>(`${CASE}/list?caseCode_equal=DEMO-CASE-${number}`)).records;
      expect(testCase, `DEMO-CASE-${number}`).toMatchObject({ projectId: project.id, projectName: project.projectName, ownership: 1 });
      const [script] = (await data<{ records: Record<string, any>[] }>(`${SCRIPT}/list?scriptCode_equal=DEMO-SCRIPT-${number}`)).records;
      expect(script, `DEMO-SCRIPT-${number}`).toMatchObject({ projectId: project.id, ownershipType: 1 });
    }
    for (const code of ['TM-001', 'TM-002']) expect((await terminalByCode(code)).projectId, code).toBe(project.id);
  });
});

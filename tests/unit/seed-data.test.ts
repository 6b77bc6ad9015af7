import * as AntdIcons from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { seedDictsOf } from '../../server/db/seed-data/dicts';
import { registry } from '../../resources/schemas';
import { seedMenusOf, type SeedMenu } from '../../server/db/seed-data/menus';
import { antdIconOfBladexSource } from '../../resources/menuIcons';
import { resourceSchemas } from '../../resources/schemas';

const seedDicts = seedDictsOf(registry.dictionaries);

const { menus: seedMenus, topMenus: seedTopMenus, userRoleMenuCodes } = seedMenusOf(resourceSchemas);

interface Placed {
  menu: SeedMenu;
  parent?: SeedMenu;
}

function flatten(menus: SeedMenu[], parent?: SeedMenu): Placed[] {
  return menus.flatMap((menu) => [{ menu, parent }, ...flatten(menu.children ?? [], menu)]);
}

const all = flatten(seedMenus);
const byCode = new Map(all.map((placed) => [placed.menu.code, placed]));
const screens = all.filter(({ menu }) => menu.category === 1);
const buttons = all.filter(({ menu }) => menu.category === 2);

function aliasesOf(code: string): string[] {
  return (byCode.get(code)?.menu.children ?? []).filter((c) => c.category === 2).map((c) => c.alias);
}

/** Every menu screen the spec and the brief name: [path, name]. */
const SPEC_SCREENS: [string, string][] = [
  ['/system/user', '用户管理'],
  ['/system/dept', '部门管理'],
  ['/system/post', '岗位管理'],
  ['/system/dict', '字典管理'],
  ['/system/dictbiz', '业务字典'],
  ['/system/param', '参数管理'],
  ['/system/tenant', '租户管理'],
  ['/system/tenantpackage', '租户产品包'],
  ['/system/client', '应用管理'],
  ['/system/topmenu', '顶部菜单'],
  ['/system/menu', '菜单管理'],
  ['/base/region', '行政区划'],
  ['/authority/role', '角色管理'],
  ['/authority/datascope', '数据权限'],
  ['/authority/apiscope', '接口权限'],
  ['/resource/oss', '对象存储'],
  ['/resource/sms', '短信配置'],
  ['/resource/attach', '附件管理'],
  ['/monitor/log/usual', '通用日志'],
  ['/monitor/log/api', '接口日志'],
  ['/monitor/log/error', '错误日志'],
  ['/monitor/log/operation', '操作日志'],
  ['/tool/datasource', '数据源管理'],
  ['/tool/model', '数据模型'],
  ['/tool/code', '代码生成'],
  ['/tool/codesetting', '代码设置'],
  ['/flow/model', '模型设计'],
  ['/flow/deploy', '部署管理'],
  ['/flow/manager', '流程管理'],
  ['/flow/follow', '流程跟踪'],
  ['/work/process/leave', '请假流程'],
  ['/work/start', '发起事务'],
  ['/work/claim', '待签事务'],
  ['/work/todo', '待办事务'],
  ['/work/send', '已发事务'],
  ['/work/done', '办结事务'],
  ['/job/jobserver', '任务应用'],
  ['/job/jobinfo', '任务信息'],
  ['/report/reportadmin', '报表管理'],
  ['/test/project', '项目管理'],
  ['/test/task', '任务管理'],
  ['/test/terminal', '终端管理'],
  ['/test/testcase', '测试用例'],
  ['/test/testscript', '测试脚本'],
  ['/test/tooldevice', '工具设备'],
  ['/test/testobject', '测试对象'],
  ['/test/moduletype', '功能模块'],
  ['/test/exportchecklist', '导出检查单'],
  ['/test/importcheck', '导入检查日志'],
  ['/desk/notice', '通知公告'],
];

describe('seed menus', () => {
  it('has unique codes across menus and buttons', () => {
    const codes = all.map(({ menu }) => menu.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[a-z][a-z0-9_]*$/.test(code))).toBe(true);
  });

  it('has a category-1 menu with that name for every spec screen, each path used once', () => {
    for (const [path, name] of SPEC_SCREENS) {
      const matches = screens.filter(({ menu }) => menu.path === path);
      expect(matches.map(({ menu }) => menu.name), path).toEqual([name]);
    }
    const paths = screens.map(({ menu }) => menu.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((path) => path.startsWith('/'))).toBe(true);
  });

  it('keeps fixed routes and the task record out of the menu', () => {
    const paths = all.map(({ menu }) => menu.path);
    expect(paths).not.toContain('/wel/index');
    expect(paths.some((path) => /taskrecord/i.test(path))).toBe(false);
    expect(all.some(({ menu }) => /taskrecord/i.test(menu.code))).toBe(false);
  });

  it('puts menus at the root or under menus and buttons only as leaves under a screen', () => {
    for (const { menu, parent } of screens) {
      expect(menu.action, menu.code).toBe(0);
      if (parent) expect(parent.category, menu.code).toBe(1);
    }
    for (const { menu, parent } of buttons) {
      expect(menu.children ?? [], menu.code).toEqual([]);
      expect(parent?.category, menu.code).toBe(1);
      expect([1, 2, 3]).toContain(menu.action);
    }
    expect(seedMenus.every((menu) => menu.category === 1)).toBe(true);
  });

  it('names every button <menuCode>_<alias> with dashes as underscores (or as BladeX names it), unique per screen', () => {
    expect(buttons.length).toBeGreaterThan(100);
    const declaredCode = (screenCode: string | undefined, alias: string) =>
      resourceSchemas.find((schema) => schema.permissionCode === screenCode)?.operations.find((operation) => operation.alias === alias)?.code;
    for (const { menu, parent } of buttons) {
      expect(menu.alias).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(menu.code).toBe(declaredCode(parent?.code, menu.alias) ?? `${parent?.code}_${menu.alias.replace(/-/g, '_')}`);
    }
    for (const { menu } of screens) {
      const aliases = aliasesOf(menu.code);
      expect(new Set(aliases).size, menu.code).toBe(aliases.length);
    }
  });

  it('gives param exactly the four fixed buttons', () => {
    const param = byCode.get('param');
    expect(param?.menu.path).toBe('/system/param');
    expect(param?.parent?.code).toBe('system');
    expect(param?.menu.children?.map((b) => [b.code, b.alias])).toEqual([
      ['param_add', 'add'],
      ['param_edit', 'edit'],
      ['param_delete', 'delete'],
      ['param_view', 'view'],
    ]);
  });

  it('gives screens the buttons the spec names', () => {
    const crud = ['add', 'edit', 'delete', 'view'];
    for (const code of ['project', 'task', 'terminal', 'testcase', 'testscript', 'tooldevice', 'testobject']) {
      expect(aliasesOf(code), code).toEqual(expect.arrayContaining(crud));
    }
    expect(aliasesOf('tenantpackage')).toEqual(['add', 'edit', 'delete']);
    expect(aliasesOf('log_operation')).toEqual(['view']);
    expect(aliasesOf('importcheck')).toEqual(['view']);
    expect(aliasesOf('jobinfo')).toEqual(expect.arrayContaining([...crud, 'run', 'sync', 'change']));
    expect(aliasesOf('jobserver')).toEqual(expect.arrayContaining([...crud, 'sync']));
    expect(aliasesOf('tenant')).toEqual(expect.arrayContaining([...crud, 'recycle', 'pass']));
    expect(aliasesOf('user')).toEqual(expect.arrayContaining([...crud, 'reset-password', 'unlock', 'audit']));
    // BladeX's own button codes, which its clients (Saber) check.
    for (const code of ['user_reset', 'data_scope_setting', 'api_scope_setting']) expect(byCode.has(code), code).toBe(true);
    for (const code of ['user_reset_password', 'datascope_setting', 'apiscope_setting']) expect(byCode.has(code), code).toBe(false);
    expect(aliasesOf('task')).toContain('execute');
    expect(aliasesOf('oss')).toContain('enable');
  });

  it("stores BladeX's icon classes for menus (its own for its screens) and @ant-design/icons names for buttons", () => {
    const icons = AntdIcons as unknown as Record<string, unknown>;
    for (const { menu } of buttons) {
      expect(menu.source, menu.code).toMatch(/Outlined$/);
      expect(icons[menu.source], `${menu.code}: ${menu.source}`).toBeTruthy();
    }
    // Every menu's icon is drawn: a stock class with an antd icon, or (no stock class for it) the antd name itself.
    for (const { menu } of screens) {
      const drawn = menu.source.startsWith('iconfont ') ? antdIconOfBladexSource(menu.source) : menu.source;
      expect(icons[drawn ?? ''], `${menu.code}: ${menu.source}`).toBeTruthy();
    }
    expect(byCode.get('system')?.menu.source).toBe('iconfont iconicon_setting');
    expect(byCode.get('user')?.menu.source).toBe('iconfont iconicon_principal');
    expect(byCode.get('dept')?.menu.source).toBe('iconfont iconicon_group');
    expect(byCode.get('tenant')?.menu.source).toBe('iconfont icon-quanxian');
    expect(screens.filter(({ menu }) => menu.source.startsWith('iconfont ')).length).toBeGreaterThan(screens.length * 0.8);
    for (const top of seedTopMenus) expect(icons[antdIconOfBladexSource(top.source) ?? top.source], top.code).toBeTruthy();
  });

  it('has unique sort numbers among siblings and opens everything in the same window', () => {
    for (const siblings of [seedMenus, ...all.map(({ menu }) => menu.children ?? [])]) {
      const sorts = siblings.map((menu) => menu.sort);
      expect(new Set(sorts).size).toBe(sorts.length);
    }
    expect(all.every(({ menu }) => menu.isOpen === 1)).toBe(true);
  });
});

describe('seed top menus', () => {
  it('shares out every root group to exactly one top menu, with all its menus', () => {
    const codes = seedTopMenus.map((top) => top.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(seedTopMenus.length).toBeGreaterThanOrEqual(2);
    expect(codes.some((code) => byCode.has(code))).toBe(false);

    const granted = seedTopMenus.flatMap((top) => top.menuCodes);
    expect(new Set(granted).size).toBe(granted.length);
    expect(granted.every((code) => byCode.get(code)?.menu.category === 1)).toBe(true);
    expect([...granted].sort()).toEqual(screens.map(({ menu }) => menu.code).sort());
  });

  it('puts test management under 工作台 and the system groups under another top menu', () => {
    const workbench = seedTopMenus.find((top) => top.name === '工作台');
    expect(workbench?.menuCodes).toEqual(expect.arrayContaining(['test', 'project', 'task', 'importcheck']));
    const system = seedTopMenus.find((top) => top.menuCodes.includes('system'));
    expect(system?.menuCodes).toEqual(expect.arrayContaining(['param', 'user', 'role', 'menu']));
    expect(system).not.toBe(workbench);
  });
});

describe('user role grants', () => {
  const granted = new Set(userRoleMenuCodes);

  it('grants only existing codes, each once, buttons only with their screen', () => {
    expect(granted.size).toBe(userRoleMenuCodes.length);
    for (const code of userRoleMenuCodes) {
      const placed = byCode.get(code);
      expect(placed, code).toBeDefined();
      if (placed?.menu.category === 2) expect(granted.has(placed.parent?.code ?? ''), code).toBe(true);
    }
  });

  it('grants every test-management screen with add/edit/view and 送审 but no delete', () => {
    const testScreens = byCode.get('test')?.menu.children ?? [];
    expect(testScreens.length).toBe(10);
    for (const screen of testScreens) {
      expect(granted.has(screen.code), screen.code).toBe(true);
      for (const button of screen.children ?? []) {
        expect(granted.has(button.code), button.code).toBe(['add', 'edit', 'view', 'review'].includes(button.alias));
      }
    }
    // Authors send their cases and scripts for review themselves.
    expect(granted.has('testcase_review') && granted.has('testscript_review')).toBe(true);
    expect(userRoleMenuCodes.some((code) => byCode.get(code)?.menu.alias === 'delete')).toBe(false);
  });

  it('grants 参数管理 read-only and no other system screen', () => {
    expect(granted.has('param')).toBe(true);
    expect(granted.has('param_view')).toBe(true);
    for (const code of ['param_add', 'param_edit', 'param_delete', 'user', 'role', 'menu', 'tenant', 'dict']) {
      expect(granted.has(code), code).toBe(false);
    }
    const screensGranted = userRoleMenuCodes.filter((code) => byCode.get(code)?.menu.category === 1);
    // The ten test screens, 参数管理 and the six of 我的事务.
    expect(screensGranted.length).toBe(17);
  });

  it('grants every screen of 我的事务 with all its buttons, so a user applies for leave, claims and handles', () => {
    const workScreens = byCode.get('work')?.menu.children ?? [];
    expect(workScreens.map((screen) => screen.code)).toEqual(['work_leave', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done']);
    for (const screen of workScreens) {
      expect(granted.has(screen.code), screen.code).toBe(true);
      for (const button of screen.children ?? []) expect(granted.has(button.code), button.code).toBe(true);
    }
    for (const code of ['work_leave_add', 'work_start_start', 'work_claim_claim', 'work_todo_handle']) expect(granted.has(code), code).toBe(true);
  });
});

describe('seed dictionaries', () => {
  const byDict = new Map(seedDicts.map((d) => [d.code, d]));
  const entries = (code: string) => byDict.get(code)?.items.map((item) => [item.key, item.value]);

  it('has unique codes and, per dictionary, unique non-root keys and non-empty values', () => {
    expect(byDict.size).toBe(seedDicts.length);
    for (const d of seedDicts) {
      expect(d.name, d.code).not.toBe('');
      expect(d.items.length, d.code).toBeGreaterThan(0);
      const keys = d.items.map((item) => item.key);
      expect(new Set(keys).size, d.code).toBe(keys.length);
      expect(keys, d.code).not.toContain('-1');
      expect(d.items.every((item) => item.key !== '' && item.value !== ''), d.code).toBe(true);
    }
  });

  it('contains every dictionary the spec and the system screens use', () => {
    const required = [
      'test_object_device_type',
      'terminal_maintenance_status',
      'autotest_maintenance_status',
      'test_object_maintenance_status',
      'terminal_running_status',
      'task_type',
      'task_run_status',
      'task_execution_status',
      'test_case_priority',
      'test_case_audit_status',
      'test_script_audit_status',
      'project_status',
      'tool_device_type',
      'import_check_operation_type',
      'import_check_finish_status',
      'yes_no',
      'sex',
      'user_type',
      'org_category',
      'data_scope_type',
      'api_scope_type',
      'menu_category',
      'button_func',
      'notice',
      'oss',
      'sms',
      'flow',
      'post_category',
      'job_time_expression_type',
      'job_execute_type',
      'job_processor_type',
      'job_dispatch_strategy',
      'job_log_type',
      'job_log_level',
    ];
    for (const code of required) expect(byDict.has(code), code).toBe(true);
  });

  it('keeps the test-management dictionaries in the system dictionary', () => {
    for (const code of ['task_type', 'project_status', 'tool_device_type', 'terminal_maintenance_status', 'yes_no']) {
      expect(byDict.get(code)?.biz, code).toBe(false);
    }
    expect(seedDicts.some((d) => d.biz)).toBe(true);
  });

  it('follows the spec facts: usable maintenance 1, approved audit 1, ownership, yes_no', () => {
    for (const code of ['terminal_maintenance_status', 'autotest_maintenance_status', 'test_object_maintenance_status']) {
      expect(byDict.get(code)?.items.find((item) => item.key === '1')?.value, code).toBe('正常');
    }
    for (const code of ['test_case_audit_status', 'test_script_audit_status']) {
      expect(byDict.get(code)?.items.find((item) => item.key === '1')?.value, code).toBe('审核通过');
    }
    expect(entries('ownership_type')).toEqual([
      ['0', '公共'],
      ['1', '项目'],
    ]);
    expect(entries('yes_no')).toEqual([
      ['1', '否'],
      ['2', '是'],
    ]);
    expect(byDict.get('flow')?.items.find((item) => item.key === '1')?.remark).toBe('leave');
  });

  it('encodes the job enums of spec §9', () => {
    const keys = (code: string) => byDict.get(code)?.items.map((item) => item.key);
    expect(keys('job_time_expression_type')).toEqual(['1', '2', '3', '4', '5']);
    expect(entries('job_time_expression_type')?.[1]).toEqual(['2', 'CRON']);
    expect(keys('job_execute_type')).toEqual(['1', '2', '3']);
    expect(keys('job_processor_type')).toEqual(['1', '4']);
    expect(entries('job_dispatch_strategy')).toEqual([
      ['1', 'HEALTH_FIRST'],
      ['2', 'RANDOM'],
    ]);
    expect(entries('job_log_type')?.map(([key, value]) => `${key}=${value}`)).toEqual([
      '1=ONLINE',
      '2=LOCAL',
      '3=STDOUT',
      '4=LOCAL_AND_ONLINE',
      '999=NULL',
    ]);
    expect(entries('job_log_level')?.map(([key, value]) => `${key}=${value}`)).toEqual([
      '1=DEBUG',
      '2=INFO',
      '3=WARN',
      '4=ERROR',
      '99=OFF',
    ]);
  });
});

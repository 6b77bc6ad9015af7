/**
 * The menu tree seeded on first start (blade_menu), the top menus (blade_top_menu) and the grants of the smaller
 * `user` role. Pure data: the server inserts it, tests and the front end read it.
 *
 * Conventions (as BladeX/Saber seed them):
 * - category 1 = menu (a screen, or a group of screens), category 2 = button (always a leaf under its screen);
 * - a button's code is `<menuCode>_<alias>` with `-` in the alias written `_` (`tenant_package_setting`, alias
 *   `package-setting`) unless BladeX names it otherwise (the operation's `code`, such as `user_reset`); the front end
 *   checks `permission[code]`;
 * - action (dict `button_func`): 0 none (menus), 1 toolbar, 2 row operation, 3 both;
 * - isOpen 1 same window, 2 new window;
 * - a menu's `source` is BladeX's icon-font class (`iconfont iconicon_setting`): BladeX's own for the screens BladeX
 *   has, else the stock class drawn as the antd icon declared here (`resources/menuIcons.ts`), so that Saber shows them
 *   too; a button's is the name of an `@ant-design/icons` component. The front end draws either.
 *
 * A screen that has a resource schema with a `menu` is not listed here: its entry and buttons come from the schema
 * (`resourceScreen`), so route, name, permission code and operations are declared once.
 */
import { bladexSourceOf } from '../../../resources/menuIcons';
import { ACTION_OF_PLACEMENT } from '../../../resources/operations';
import { buttonCode as resourceButtonCode, type ResourceSchema } from '../../../resources/types';

export interface SeedMenu {
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  category: 1 | 2;
  action: number;
  isOpen: 1 | 2;
  sort: number;
  remark?: string;
  children?: SeedMenu[];
}

export interface SeedTopMenu {
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
  /** Category-1 menus the top menu shows: each group and every menu below it. */
  menuCodes: string[];
}

/** [alias, name, action, icon, code] of a button; the code defaults to `<menuCode>_<alias>`. */
type ButtonSpec = readonly [alias: string, name: string, action: number, source: string, code?: string];

const ADD: ButtonSpec = ['add', '新增', 1, 'PlusOutlined'];
const DELETE: ButtonSpec = ['delete', '删除', 3, 'DeleteOutlined'];
const VIEW: ButtonSpec = ['view', '查看', 2, 'EyeOutlined'];

export const buttonCode = resourceButtonCode;

function screen(
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  buttons: readonly ButtonSpec[],
  remark?: string,
): SeedMenu {
  const menu: SeedMenu = { code, name, alias: 'menu', path, source, category: 1, action: 0, isOpen: 1, sort };
  if (remark) menu.remark = remark;
  if (buttons.length > 0) {
    menu.children = buttons.map(([alias, buttonName, action, icon, ownCode], index) => ({
      code: ownCode ?? buttonCode(code, alias),
      name: buttonName,
      alias,
      path: `${path}/${alias}`,
      source: icon,
      category: 2,
      action,
      isOpen: 1,
      sort: index + 1,
    }));
  }
  return menu;
}

function group(code: string, name: string, path: string, source: string, sort: number, children: SeedMenu[]): SeedMenu {
  return { code, name, alias: 'menu', path, source, category: 1, action: 0, isOpen: 1, sort, children };
}

const handListedMenus: SeedMenu[] = [
  // Its screens (export checklist and import-check log included) come from the resource schemas.
  group('test', '测试管理', '/test', 'ExperimentOutlined', 1, []),
  group('desk', '工作台', '/desk', 'DesktopOutlined', 2, [
  ]),
  group('system', '系统管理', '/system', 'SettingOutlined', 3, [
    // 用户管理, 部门管理 and 岗位管理 come from their resource schemas.
    // Two layouts of the dictionaries (parents beside or above their items); their buttons are the dictionary screen's.
    screen('dict_horizontal', '字典管理(横)', '/dict-horizontal/index', 'BookOutlined', 13, []),
    screen('dict_vertical', '字典管理(纵)', '/dict-vertical/index', 'BookOutlined', 14, []),
  ]),
  // Its screens (roles, data scopes, API scopes) come from the resource schemas.
  group('authority', '权限管理', '/authority', 'SafetyOutlined', 4, []),
  group('resource', '资源管理', '/resource', 'CloudOutlined', 5, [
    // 对象存储, 短信配置 and 附件管理 come from their resource schemas.
  ]),
  // Its screens (usual, API, error and operation logs) come from the resource schemas.
  group('log', '日志管理', '/monitor/log', 'ProfileOutlined', 6, []),
  // Its screens (datasources, data models, code generation, code settings) come from the resource schemas.
  group('tool', '研发工具', '/tool', 'BuildOutlined', 7, []),
  group('flow', '流程管理', '/flow', 'ForkOutlined', 8, [
    screen('flow_deploy', '部署管理', '/flow/deploy', 'DeploymentUnitOutlined', 2, [
      ['deploy', '部署', 1, 'CloudUploadOutlined'],
    ]),
    screen('flow_manager', '流程管理', '/flow/manager', 'ClusterOutlined', 3, [
      ['state', '变更状态', 2, 'SwapOutlined'],
      DELETE,
      VIEW,
    ]),
    screen('flow_follow', '流程跟踪', '/flow/follow', 'EyeOutlined', 4, [DELETE, VIEW]),
  ]),
  group('work', '我的事务', '/work', 'SolutionOutlined', 9, [
    screen('work_leave', '请假流程', '/work/process/leave', 'CalendarOutlined', 1, [ADD, VIEW]),
    screen('work_start', '发起事务', '/work/start', 'PlayCircleOutlined', 2, [
      ['start', '发起', 2, 'SendOutlined'],
      VIEW,
    ]),
    screen('work_claim', '待签事务', '/work/claim', 'InboxOutlined', 3, [
      ['claim', '签收', 2, 'CheckOutlined'],
      VIEW,
    ]),
    screen('work_todo', '待办事务', '/work/todo', 'CarryOutOutlined', 4, [
      ['handle', '办理', 2, 'EditOutlined'],
      VIEW,
    ]),
    screen('work_send', '已发事务', '/work/send', 'SendOutlined', 5, [VIEW]),
    screen('work_done', '办结事务', '/work/done', 'CheckSquareOutlined', 6, [VIEW]),
  ]),
  group('job', '任务调度', '/job', 'FieldTimeOutlined', 10, []),
  group('report', '报表管理', '/report', 'BarChartOutlined', 11, []),
];

/** The menu entry of a resource screen and its buttons, from the schema's menu and operations. */
export function resourceScreen(schema: ResourceSchema): SeedMenu {
  const buttons: ButtonSpec[] = schema.operations.map((operation) => [
    operation.alias,
    operation.label.zh,
    ACTION_OF_PLACEMENT[operation.placement],
    operation.icon ?? 'AppstoreOutlined',
    operation.code,
  ]);
  const sort = schema.menu?.sort ?? 99;
  return screen(schema.permissionCode, schema.title.zh, schema.route, schema.menu?.icon ?? 'AppstoreOutlined', sort, buttons);
}

/** Hand-listed groups and screens with every resource screen placed in its group, ordered by sort. */
function withResourceScreens(menus: SeedMenu[], schemas: readonly ResourceSchema[]): SeedMenu[] {
  return menus.map((group) => {
    const screens = schemas.filter((schema) => schema.menu?.parent === group.code).map(resourceScreen);
    if (screens.length === 0) return group;
    const children = [...(group.children ?? []), ...screens].sort((a, b) => a.sort - b.sort);
    return { ...group, children };
  });
}

/** What the first start seeds of menus: the tree, the top menus and the `user` role's grants. */
export interface SeedMenuData {
  menus: SeedMenu[];
  topMenus: SeedTopMenu[];
  userRoleMenuCodes: string[];
}

/** The icon class BladeX's own seed gives each of its menus (by our menu code). */
const BLADEX_MENU_SOURCES: Readonly<Record<string, string>> = {
  desk: 'iconicon_airplay',
  notice: 'iconicon_sms',
  system: 'iconicon_setting',
  user: 'iconicon_principal',
  dept: 'iconicon_group',
  post: 'iconicon_message',
  dict: 'iconicon_addresslist',
  dictbiz: 'iconicon_study',
  menu: 'iconicon_subordinate',
  topmenu: 'icon-canshu',
  param: 'iconicon_community_line',
  tenant: 'icon-quanxian',
  client: 'iconicon_mobilephone',
  authority: 'icon-bofangqi-suoping',
  role: 'iconicon_boss',
  datascope: 'icon-shujuzhanshi2',
  apiscope: 'icon-iconset0216',
  resource: 'iconicon_coinpurse_line',
  oss: 'iconicon_subordinate',
  sms: 'iconicon_message',
  log: 'iconicon_doc',
  tool: 'icon-wxbgongju',
  code: 'iconicon_savememo',
  datasource: 'icon-caidanguanli',
  flow: 'iconicon_send',
  flow_model: 'iconicon_discovery',
  flow_deploy: 'iconicon_cspace',
  flow_manager: 'iconicon_cloud_history',
  flow_follow: 'iconicon_GPS',
  work: 'iconicon_notice',
  work_start: 'iconicon_compile',
  work_claim: 'iconicon_ding',
  work_todo: 'iconicon_savememo',
  work_send: 'iconicon_doc',
  work_done: 'iconicon_dispose',
};

/** A menu's `source` as BladeX stores it: its own class, else the stock class of the antd icon, else the antd name. */
const bladexSource = (code: string, antdIcon: string) =>
  BLADEX_MENU_SOURCES[code] ? `iconfont ${BLADEX_MENU_SOURCES[code]}` : (bladexSourceOf(antdIcon) ?? antdIcon);

function withBladexSources(menu: SeedMenu): SeedMenu {
  if (menu.category !== 1) return menu;
  return { ...menu, source: bladexSource(menu.code, menu.source), children: menu.children?.map(withBladexSources) };
}

/** The seeded menus of a registry: the hand-listed tree with each of its resources' screens in its group. */
export function seedMenusOf(schemas: readonly ResourceSchema[]): SeedMenuData {
  const seedMenus = withResourceScreens(handListedMenus, schemas).map(withBladexSources);
  const topMenus = topMenusOf(seedMenus).map((top) => ({ ...top, source: bladexSource(top.code, top.source) }));
  return { menus: seedMenus, topMenus, userRoleMenuCodes: userRoleMenuCodesOf(seedMenus) };
}

/** Every category-1 code in the given groups, groups included. */
function menuCodesOf(seedMenus: readonly SeedMenu[], groupCodes: readonly string[]): string[] {
  const codes: string[] = [];
  const walk = (menu: SeedMenu) => {
    if (menu.category !== 1) return;
    codes.push(menu.code);
    menu.children?.forEach(walk);
  };
  seedMenus.filter((menu) => groupCodes.includes(menu.code)).forEach(walk);
  return codes;
}

const topMenusOf = (seedMenus: readonly SeedMenu[]): SeedTopMenu[] => [
  {
    code: 'workbench',
    name: '工作台',
    source: 'DesktopOutlined',
    path: '',
    sort: 1,
    menuCodes: menuCodesOf(seedMenus, ['test', 'desk', 'work']),
  },
  {
    code: 'sysadmin',
    name: '系统',
    source: 'SettingOutlined',
    path: '',
    sort: 2,
    menuCodes: menuCodesOf(seedMenus, ['system', 'authority', 'resource', 'log']),
  },
  {
    code: 'develop',
    name: '研发',
    source: 'BuildOutlined',
    path: '',
    sort: 3,
    menuCodes: menuCodesOf(seedMenus, ['tool', 'flow', 'job', 'report']),
  },
];

/**
 * Grants of the smaller `user` (普通用户) role: every test-management screen with its add, edit, view and 送审 (review)
 * buttons but no delete (nor extras such as execute or import), 参数管理 read-only, and all of 我的事务 with every button (发起,
 * 签收, 办理, a leave's 新增), so that anyone can apply for leave and handle what is given to them. Like a Saber grant
 * tree's checked keys, groups are not listed: `menu/routes` adds a granted menu's ancestors.
 */
const userRoleMenuCodesOf = (seedMenus: readonly SeedMenu[]): string[] => {
  const screensOf = (group: string) => seedMenus.find((menu) => menu.code === group)?.children ?? [];
  return [
    ...screensOf('test').flatMap((menu) => [
      menu.code,
      ...(menu.children ?? [])
        .filter((button) => ['add', 'edit', 'view', 'review'].includes(button.alias))
        .map((button) => button.code),
    ]),
    'param',
    'param_view',
    ...screensOf('work').flatMap((menu) => [menu.code, ...(menu.children ?? []).map((button) => button.code)]),
  ];
};

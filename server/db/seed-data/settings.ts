/**
 * Settings a fresh install starts with, as BladeX ships them: the parameters the server reads (with what each does),
 * and one example each of a data scope, an API scope and a tenant package, so that 参数管理, 数据权限, 接口权限 and
 * 租户产品包 open on a row to learn from. Pure data; `seed-settings.ts` writes what is missing.
 */

/** The parameter keys the server reads, and the value each falls back to when a tenant has none. */
export const PARAM = {
  /** The password a reset gives, and imported users start with. */
  initPassword: { key: 'account.initPassword', fallback: '123456' },
  /** `true` opens self-registration in the tenant. */
  registerUser: { key: 'account.registerUser', fallback: 'false' },
  /** The first password of a new tenant's `admin`. */
  tenantPassword: { key: 'tenant.default.password', fallback: 'admin' },
} as const;

export interface SeedParam {
  id: string;
  key: string;
  name: string;
  value: string;
  remark: string;
}

export const seedParams: SeedParam[] = [
  {
    id: '1123598819738675201',
    key: PARAM.initPassword.key,
    name: '账号初始密码',
    value: PARAM.initPassword.fallback,
    remark: '重置密码后的密码，也是导入用户的初始密码；删除本参数则为 123456',
  },
  {
    id: '1123598819738675202',
    key: PARAM.registerUser.key,
    name: '开放用户注册',
    value: PARAM.registerUser.fallback,
    remark: 'true：本租户的登录页可自助注册，注册的用户得到「普通用户」角色；false：关闭。服务端 BLADE_REGISTER=on 对所有租户开放',
  },
  {
    id: '1123598819738675203',
    key: PARAM.tenantPassword.key,
    name: '租户默认密码',
    value: PARAM.tenantPassword.fallback,
    remark: '新建租户时其管理员 admin 的初始密码（新增后弹窗显示一次）；删除本参数则为 admin',
  },
];

/** A data scope on a menu (by the menu's code), granted to the administrator role, which no scope limits. */
export const seedDataScope = {
  id: '1161272893875225001',
  menuCode: 'project',
  scopeName: '所在机构项目',
  scopeColumn: 'create_dept',
  scopeType: 3,
  remark: '示例：授予某角色后，该角色只看到本部门创建的项目（所在机构可见）；在 角色管理 → 权限设置 → 数据权限 中授予',
};

/**
 * An API scope: only roles granted it may call the error log's endpoints. Granted to the administrator role; the
 * seeded `user` roles never had the error log's screen, so nobody loses access.
 */
export const seedApiScope = {
  id: '1161272893875226001',
  menuCode: 'log_error',
  scopeName: '错误日志接口',
  scopePath: '/api/blade-log/error/**',
  scopeType: 1,
  remark: '示例：路径以 /** 结尾匹配其下所有接口；未被授予本权限的角色调用这些接口时被拒绝（403）',
};

/** A tenant package: the workbench and the test-management screens (with their buttons), for tenants of testers. */
export const seedTenantPackage = {
  id: '1161272893875227001',
  packageName: '测试管理基础包',
  menuCodes: ['desk', 'test'],
  remark: '示例：包含工作台与测试管理的全部菜单和按钮；在 租户管理 中把产品包指给租户，该租户的角色只能被授予包内菜单',
};

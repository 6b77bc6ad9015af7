/** Front-end settings of the Blade protocol (spec §9); the same values BladeX's Saber website config holds. */
export const siteConfig = {
  /** Prefix of every storage key. */
  key: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: 'Blade-Auth',
  tenantMode: true,
  tenantId: '000000',
  captchaMode: true,
  registerMode: false,
  ssoMode: false,
  /** Refresh once the token is this many seconds old (spec §9: 3000). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  requestTimeoutMs: 10_000,
  lockPage: '/lock',
  homePath: '/wel/index',
  pageSizes: [10, 30, 50, 100, 200],
  defaultPageSize: 10,
  defaultColor: '#409EFF',
  defaultTheme: 'theme-hey',
  defaultLanguage: 'zh',
} as const;

/** OAuth failure codes of blade-contract §3, answered as raw `{error_code, error_description}` with HTTP 400. */
export const OAUTH = {
  invalidRequest: { code: 2000, description: '缺少必要的请求参数' },
  userNotFound: { code: 2001, description: '用户名或密码错误' },
  tenantNotFound: { code: 2002, description: '未获得用户的租户信息' },
  tooManyFailures: { code: 2003, description: '登录错误次数过多,请稍后再试' },
  badPassword: { code: 2004, description: '用户名或密码错误' },
  unauthorizedUser: { code: 2005, description: '用户未授权' },
  tenantExpired: { code: 2006, description: '租户授权已过期,请联系管理员' },
  badCaptcha: { code: 2000, description: '验证码不正确' },
  invalidRefreshToken: { code: 2010, description: '刷新令牌已失效,请重新登录' },
  clientNotFound: { code: 3000, description: '客户端认证失败' },
  invalidClient: { code: 3001, description: '客户端认证失败' },
  unsupportedGrant: { code: 4000, description: '不支持的授权类型' },
  grantNotAllowed: { code: 4000, description: '当前客户端不支持该授权类型' },
} as const;

export class OAuthError extends Error {
  constructor(
    readonly errorCode: number,
    readonly errorDescription: string,
  ) {
    super(errorDescription);
    this.name = 'OAuthError';
  }
}

export const oauthError = (failure: { code: number; description: string }, description = failure.description) =>
  new OAuthError(failure.code, description);

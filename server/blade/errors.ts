/** Messages of blade-contract §1. */
export const MSG = {
  success: '操作成功',
  noData: '暂无承载数据',
  failure: '操作失败',
  unauthorized: '请求未授权',
  forbidden: '请求被拒绝',
  notFound: '404 没找到请求',
  methodNotAllowed: '不支持当前请求方法',
  unsupportedMediaType: '不支持当前媒体类型',
  serverError: '服务器异常',
  missingParam: '缺少必要的请求参数',
  paramType: '请求参数类型错误',
  paramInvalid: '参数校验失败',
} as const;

/**
 * A failure answered as the Blade envelope. `code` is the body code; `httpStatus` the HTTP one
 * (401 travels as HTTP 200, as BladeX does).
 */
export class BladeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number = code === 401 ? 200 : code,
  ) {
    super(message);
    this.name = 'BladeError';
  }
}

export const badRequest = (message: string) => new BladeError(400, message);
export const unauthorized = () => new BladeError(401, MSG.unauthorized);
export const forbidden = () => new BladeError(403, MSG.forbidden);

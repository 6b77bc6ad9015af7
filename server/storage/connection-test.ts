import { randomUUID } from 'node:crypto';
import { outboundRequest, type OutboundPolicy } from '../outbound';
import { OUTBOUND_REFUSED } from './tenant-stores';
import type { ObjectStore } from './types';

/** Where the connection test writes its object (removed again at once). */
const TEST_FOLDER = 'blade-connection-test';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY_LEAF_SIGNATURE|GET_ISSUER_CERT)|EPROTO$|ERR_SSL)/;
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const AUTH_NAMES = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'InvalidToken', 'InvalidSecurity', 'AuthorizationHeaderMalformed']);

/** The first error code along an error's causes (the SDK wraps the socket's error). */
function codeOf(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return '';
}

/** What failed, in the words a person configuring storage acts on: DNS, TLS, connection, auth, bucket. */
export function describeStorageFailure(error: unknown): string {
  const name = (error as { name?: unknown }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = codeOf(error);
  if (name === 'OutboundRefused') return OUTBOUND_REFUSED;
  if (DNS_CODES.has(code)) return 'DNS解析失败：无法解析资源地址的域名';
  if (TLS_CODES.test(code)) return `TLS握手失败：服务的证书无效或不受信任（${code}）`;
  if (CONNECT_CODES.has(code) || name === 'TimeoutError' || code === 'ERR_SOCKET_CONNECTION_TIMEOUT') return '无法连接资源地址：连接被拒绝或超时';
  if (name === 'NoSuchBucket') return '空间不存在：请检查空间名';
  if (typeof name === 'string' && AUTH_NAMES.has(name)) return `认证失败：accessKey或secretKey不正确，或无权读写该空间（${name}）`;
  if (status === 403) return '认证失败：accessKey或secretKey不正确，或无权读写该空间';
  if (status === 404) return '空间不存在：请检查空间名';
  return `存储服务返回错误：${typeof name === 'string' ? name : String(error)}`;
}

/**
 * A small object put, read back and deleted; with `cors` (a service the browser uploads to directly) also the
 * preflight a browser at `cors.origin` sends before its PUT. Answers undefined when all passed, else what failed.
 */
export async function testStorageConnection(
  store: ObjectStore,
  cors?: { origin: string; policy: OutboundPolicy },
): Promise<string | undefined> {
  const key = `${TEST_FOLDER}/${randomUUID()}.txt`;
  const content = new TextEncoder().encode(`blade connection test ${new Date().toISOString()}`);
  try {
    await store.putObject(key, content, 'text/plain');
    const read = await store.getObject(key);
    if (!read || Buffer.compare(Buffer.from(read), Buffer.from(content)) !== 0) return '读取失败：读回的内容与写入的不一致';
    await store.deleteObject(key);
  } catch (error) {
    return describeStorageFailure(error);
  }
  if (!cors) return undefined;
  // Script uploads go from the browser straight to the service: it must allow this origin's PUT.
  const url = await store.presignPut(key, 'text/plain', 60);
  try {
    const answer = await outboundRequest(cors.policy, url, {
      method: 'OPTIONS',
      headers: { Origin: cors.origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
      timeoutMs: 8000,
    });
    const allowed = answer.headers['access-control-allow-origin'];
    if (answer.status >= 300 || (allowed !== '*' && allowed !== cors.origin)) {
      return `CORS未放行：存储服务不允许来自 ${cors.origin} 的浏览器上传，请在空间的跨域设置中允许该来源的PUT请求`;
    }
  } catch (error) {
    return describeStorageFailure(error);
  }
  return undefined;
}

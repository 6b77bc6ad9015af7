import { createHash, createHmac } from 'node:crypto';

/*
 * The request signatures of the two SMS providers, as their API documentation defines them (server only). Pure
 * functions of their inputs: the caller supplies the nonce and the time, so a test can replay the documented examples.
 */

/** RFC 3986 percent-encoding as Aliyun's RPC signature wants it: `encodeURIComponent` plus `! ' ( ) *`. */
export function aliyunPercentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Parameters in name order, each name and value percent-encoded: the canonicalized query string. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name])}`)
    .join('&');
}

/**
 * Aliyun RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): Base64(HMAC-SHA1(secret + "&",
 * METHOD + "&" + encode("/") + "&" + encode(canonicalized query))), over every parameter but `Signature`.
 */
export function aliyunRpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmacSha256 = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product (`sms`, `cvm`): the credential scope's service. */
  service: string;
  /** The `Host` header as sent (with the port when it is not the scheme's). */
  host: string;
  action: string;
  /** The JSON body exactly as sent. */
  payload: string;
  /** Seconds since the epoch, the `X-TC-Timestamp` header. */
  timestamp: number;
  contentType?: string;
}

/** The canonical request of a POST to `/` with the headers content-type, host and x-tc-action signed. */
export function tc3CanonicalRequest(request: Tc3Request): string {
  const contentType = request.contentType ?? 'application/json; charset=utf-8';
  const headers = `content-type:${contentType}\nhost:${request.host}\nx-tc-action:${request.action.toLowerCase()}\n`;
  return ['POST', '/', '', headers, 'content-type;host;x-tc-action', sha256Hex(request.payload)].join('\n');
}

/**
 * Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256): the canonical request's hash signed with a key derived from
 * the secret, the UTC date and the service. Answers the `Authorization` header.
 */
export function tc3Authorization(request: Tc3Request): string {
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(request.timestamp), scope, sha256Hex(tc3CanonicalRequest(request))].join('\n');
  const dateKey = hmacSha256(`TC3${request.secretKey}`, date);
  const serviceKey = hmacSha256(dateKey, request.service);
  const signingKey = hmacSha256(serviceKey, 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${request.secretId}/${scope}, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`;
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3, as far as the local store needs it: presigned query URLs (what browsers and the
 * terminal agent get) and `Authorization` headers (what the AWS SDK sends when the S3 store talks to this server).
 */

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const SERVICE = 's3';
/** S3 accepts presigned URLs up to seven days. */
export const MAX_EXPIRES_SECONDS = 604800;
/** Allowed clock difference between signer and verifier. */
const CLOCK_SKEW_MS = 15 * 60 * 1000;

export interface SigningKeyPair {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical URI of an S3 path: every segment encoded once, slashes kept. */
export function canonicalPath(decodedPath: string): string {
  return decodedPath.split('/').map(uriEncode).join('/');
}

function canonicalQuery(params: [string, string][]): string {
  return params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20240102T030405Z` */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function parseAmzDate(value: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(time) ? undefined : time;
}

function signature(secret: string, date: string, region: string, stringToSign: string): string {
  const dateKey = hmac(`AWS4${secret}`, date.slice(0, 8));
  const signingKey = hmac(hmac(hmac(dateKey, region), SERVICE), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

interface CanonicalInput {
  method: string;
  decodedPath: string;
  query: [string, string][];
  /** Lower-case names → values of the signed headers. */
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
}

function canonicalRequest(input: CanonicalInput): string {
  const headerLines = input.signedHeaders.map((name) => `${name}:${(input.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`);
  return [
    input.method,
    canonicalPath(input.decodedPath),
    canonicalQuery(input.query),
    headerLines.join(''),
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
}

function stringToSign(date: string, scope: string, canonical: string): string {
  return [ALGORITHM, date, scope, sha256Hex(canonical)].join('\n');
}

export interface PresignInput {
  method: 'GET' | 'PUT';
  host: string;
  /** The decoded path, e.g. `/oss/blade/000000/script/a.py`. */
  path: string;
  /** Headers the holder must send unchanged (lower-case names), besides `host`. */
  headers?: Record<string, string>;
  expiresInSeconds: number;
  now?: Date;
}

/** The path and query string of a presigned URL (relative: the caller puts its own origin in front). */
export function presign(keys: SigningKeyPair, input: PresignInput): string {
  const date = amzDate(input.now ?? new Date());
  const scope = `${date.slice(0, 8)}/${keys.region}/${SERVICE}/aws4_request`;
  const headers: Record<string, string> = { host: input.host, ...input.headers };
  const signedHeaders = Object.keys(headers).sort();
  const query: [string, string][] = [
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Content-Sha256', UNSIGNED_PAYLOAD],
    ['X-Amz-Credential', `${keys.accessKeyId}/${scope}`],
    ['X-Amz-Date', date],
    ['X-Amz-Expires', String(input.expiresInSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders.join(';')],
  ];
  const canonical = canonicalRequest({
    method: input.method,
    decodedPath: input.path,
    query,
    headers,
    signedHeaders,
    payloadHash: UNSIGNED_PAYLOAD,
  });
  const sig = signature(keys.secretAccessKey, date, keys.region, stringToSign(date, scope, canonical));
  const queryString = [...query, ['X-Amz-Signature', sig]].map(([name, value]) => `${name}=${uriEncode(value)}`).join('&');
  return `${canonicalPath(input.path)}?${queryString}`;
}

export interface IncomingRequest {
  method: string;
  /** The decoded path. */
  path: string;
  /** Query parameters in order, decoded. */
  query: [string, string][];
  /** Lower-case header names. */
  headers: Record<string, string>;
}

export type Verdict =
  | { ok: true; /** A hex SHA-256 the body must have, when the signer declared one. */ payloadHash?: string }
  | { ok: false; code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError' | 'RequestExpired'; message: string };

const deny = (code: Extract<Verdict, { ok: false }>['code'], message: string): Verdict => ({ ok: false, code, message });

/**
 * Checks a request signed with `keys`, by query (presigned URL) or by `Authorization` header. `hosts` are the host
 * values the signature may cover: the request's own, plus the name relative URLs are signed with.
 */
export function verify(keys: SigningKeyPair, request: IncomingRequest, hosts: string[], now = new Date()): Verdict {
  const params = new Map(request.query);
  const authorization = request.headers.authorization;
  let credential: string, date: string, signedHeaderList: string, given: string, payloadHash: string;
  let expiresSeconds: number | undefined;
  if (params.has('X-Amz-Signature') || params.has('X-Amz-Algorithm')) {
    if (params.get('X-Amz-Algorithm') !== ALGORITHM) return deny('AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256');
    credential = params.get('X-Amz-Credential') ?? '';
    date = params.get('X-Amz-Date') ?? '';
    signedHeaderList = params.get('X-Amz-SignedHeaders') ?? '';
    given = params.get('X-Amz-Signature') ?? '';
    payloadHash = UNSIGNED_PAYLOAD;
    const expires = params.get('X-Amz-Expires') ?? '';
    if (!/^\d{1,6}$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES_SECONDS) {
      return deny('AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
    }
    expiresSeconds = Number(expires);
  } else if (authorization) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(authorization.trim());
    if (!match) return deny('AccessDenied', 'Unsupported Authorization header');
    [, credential, signedHeaderList, given] = match;
    date = request.headers['x-amz-date'] ?? '';
    payloadHash = request.headers['x-amz-content-sha256'] ?? '';
    if (payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(payloadHash)) {
      return deny('AccessDenied', 'x-amz-content-sha256 must be a SHA-256 or UNSIGNED-PAYLOAD');
    }
  } else {
    return deny('AccessDenied', 'Request has no signature');
  }

  const signedAt = parseAmzDate(date);
  if (signedAt === undefined) return deny('AccessDenied', 'Bad X-Amz-Date');
  const [accessKeyId, scopeDate, region, service, terminator, ...rest] = credential.split('/');
  if (rest.length > 0 || accessKeyId !== keys.accessKeyId || scopeDate !== date.slice(0, 8) || region !== keys.region
    || service !== SERVICE || terminator !== 'aws4_request') {
    return deny('AccessDenied', 'Invalid credential');
  }
  const nowMs = now.getTime();
  if (signedAt - CLOCK_SKEW_MS > nowMs) return deny('RequestExpired', 'Request signed in the future');
  if (expiresSeconds !== undefined ? nowMs > signedAt + expiresSeconds * 1000 : Math.abs(nowMs - signedAt) > CLOCK_SKEW_MS) {
    return deny('RequestExpired', 'Request has expired');
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || signedHeaders.some((name) => !/^[a-z0-9-]+$/.test(name))) {
    return deny('AccessDenied', 'SignedHeaders must include host');
  }
  const scope = `${scopeDate}/${region}/${SERVICE}/aws4_request`;
  const givenBytes = Buffer.from(given, 'utf8');
  for (const host of new Set(hosts)) {
    const canonical = canonicalRequest({
      method: request.method,
      decodedPath: request.path,
      query: request.query,
      headers: { ...request.headers, host },
      signedHeaders,
      payloadHash,
    });
    const expected = Buffer.from(signature(keys.secretAccessKey, date, keys.region, stringToSign(date, scope, canonical)), 'utf8');
    if (expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes)) {
      return { ok: true, payloadHash: payloadHash === UNSIGNED_PAYLOAD ? undefined : payloadHash };
    }
  }
  return deny('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');
}

export { sha256Hex };

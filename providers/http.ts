import axios, { type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { siteConfig } from './config';
import { applyBladeHeaders, bladeAxiosDefaults, refreshToken } from './oauth';
import { finishProgress, startProgress } from './progress';
import { clearSession } from './session';
import { getToken } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Background call: failures reject without an error message shown. */
    silent?: boolean;
    /** Codes the caller answers itself (a screen without a menu shows the 403 page): rejected without a message. */
    quietCodes?: number[];
    /** Set by http.ts on the single retry that follows a token refresh. */
    bladeRetry?: boolean;
  }
}

export interface HttpOptions {
  /** Shows an error to the user (e.g. antd `message.error`). */
  notifyError?(msg: string): void;
  /** Called once when the session cannot be renewed; the app navigates to /login. */
  onSessionExpired?(): void;
  /** Body codes the callers handle themselves: rejected without a message. */
  whitelistCodes?: number[];
}

export const SESSION_EXPIRED_MESSAGE = '用户令牌过期，请重新登录';
/**
 * Dispatched on `window` just before an expired session is cleared: an open form keeps what was typed, so logging in
 * again brings it back.
 */
export const SESSION_EXPIRING_EVENT = 'blade:session-expiring';
export const DEFAULT_ERROR_MESSAGE = '系统错误';
/** Identical messages of OAuth-range codes (> 2000) closer together than this are shown once. */
export const MESSAGE_BURST_MS = 1000;

const options: Required<HttpOptions> = {
  notifyError: () => {},
  onSessionExpired: () => {},
  whitelistCodes: [],
};

export function configureHttp(next: HttpOptions): void {
  if (next.notifyError) options.notifyError = next.notifyError;
  if (next.onSessionExpired) options.onSessionExpired = next.onSessionExpired;
  if (next.whitelistCodes) options.whitelistCodes = next.whitelistCodes;
}

/** Shows a message the way Blade failures are shown (callers outside http.ts: uploads to object storage). */
export function notifyError(message: string): void {
  options.notifyError(message);
}

/** A Blade answer whose code is not 200. `statusCode` mirrors `code` for Refine's HttpError. */
export class BladeError extends Error {
  readonly code: number;
  readonly statusCode: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown) {
    super(msg);
    this.name = 'BladeError';
    this.code = code;
    this.statusCode = code;
    this.msg = msg;
    this.data = data;
  }
}

interface BladeBody {
  code?: number;
  error_code?: number;
  msg?: string;
  error_description?: string;
  data?: unknown;
}

function bodyOf(response: AxiosResponse): BladeBody {
  const { data } = response;
  return data !== null && typeof data === 'object' && !(data instanceof Blob) ? (data as BladeBody) : {};
}

/** The code a Blade client acts on: `error_code || code || HTTP status` (spec §8). */
export function responseCode(response: AxiosResponse): number {
  const body = bodyOf(response);
  return Number(body.error_code || body.code || response.status);
}

export function errorMessageOf(body: BladeBody): string {
  return body.msg || body.error_description || DEFAULT_ERROR_MESSAGE;
}

export const http = axios.create(bladeAxiosDefaults);

/** How long an early read waits for the request it was made for. */
export const EARLY_READ_TTL_MS = 10_000;
/** How long a read started by a click waits: the screen asks within a moment, or the answer is too old to show. */
export const NAVIGATION_READ_TTL_MS = 2_000;

/** Answers of `readEarly`, by token and address: raw, so that the request receiving one handles it as its own. */
interface EarlyRead {
  expiresAt: number;
  response: Promise<AxiosResponse>;
  /** The answer, once it is in. */
  arrived?: AxiosResponse;
}
const earlyReads = new Map<string, EarlyRead>();
const rawHttp = axios.create(bladeAxiosDefaults);
// Synchronous, so the request leaves at once: a read started while the app's modules run (readVisitDataEarly) would
// otherwise wait until all of them have run.
rawHttp.interceptors.request.use(applyBladeHeaders, undefined, { synchronous: true });

const earlyReadKey = (config: AxiosRequestConfig) => `${getToken() ?? ''} ${http.getUri(config)}`;

/**
 * Starts a GET before the code that needs its answer has loaded (a signed-in visit's menus and first page): the
 * first identical `http` GET within EARLY_READ_TTL_MS receives this answer instead of asking again, and goes through
 * every rule of this client with it (messages, token refresh and retry).
 */
export function readEarly(url: string, params?: Record<string, unknown>, ttlMs = EARLY_READ_TTL_MS): void {
  const response = rawHttp.get(url, { params });
  const early: EarlyRead = { expiresAt: Date.now() + ttlMs, response };
  // Its own failure is reported to the request that takes it, or to nobody.
  response.then((answer) => (early.arrived = answer), () => undefined);
  earlyReads.set(earlyReadKey({ url, params }), early);
}

/**
 * Settles when every early read still waiting to be taken has its answer (or failure), or after `maxWaitMs`: a first
 * render that waits for them shows their data at once instead of rendering again when it arrives.
 */
export function earlyReadsSettled(maxWaitMs: number): Promise<void> {
  const pending = [...earlyReads.values()].filter((early) => !early.arrived).map((early) => early.response.catch(() => undefined));
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    void Promise.all(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

type EarlyRequest = readonly [string, Record<string, unknown>?];

/**
 * The `data` of several early reads, in order, if all have arrived well; nothing is taken. A render may be thrown away
 * and done again (React retries a tree that suspended): what it reads must still be there the second time, and the
 * screen forgets the reads (`forgetEarly`) once it has been committed.
 */
export function peekAllArrivedEarly(requests: readonly EarlyRequest[]): unknown[] | undefined {
  const bodies = requests.map(([url, params]) => {
    const early = earlyReads.get(earlyReadKey({ url, params }));
    const body = early?.arrived?.data as { code?: unknown; success?: unknown; data?: unknown } | undefined;
    const usable = early && early.expiresAt > Date.now() && early.arrived?.status === 200 && body?.code === 200 && body.success === true;
    return usable ? body : undefined;
  });
  if (bodies.some((body) => body === undefined)) return undefined;
  return bodies.map((body) => body!.data);
}

/** Drops these early reads: no request will receive them. */
export function forgetEarly(requests: readonly EarlyRequest[]): void {
  for (const [url, params] of requests) earlyReads.delete(earlyReadKey({ url, params }));
}

/**
 * The `data` of early reads' successful envelopes, in order, if all have already arrived: taken (no request will
 * receive them), so a screen can render with them at once. Otherwise nothing is taken: what has not arrived, a
 * failure or another code stays for the request that will take it, which handles it by every rule of this client.
 */
export function takeAllArrivedEarly(requests: readonly EarlyRequest[]): unknown[] | undefined {
  const data = peekAllArrivedEarly(requests);
  if (data) forgetEarly(requests);
  return data;
}

function takeEarlyRead(config: InternalAxiosRequestConfig): Promise<AxiosResponse> | undefined {
  if (earlyReads.size === 0) return undefined;
  if ((config.method ?? 'get').toLowerCase() !== 'get') {
    // A write may change what they answered: none of them is handed out after it.
    earlyReads.clear();
    return undefined;
  }
  const now = Date.now();
  // Answers nobody took in time are dropped, so the map never outlives the start of a visit.
  for (const [key, { expiresAt }] of earlyReads) if (expiresAt <= now) earlyReads.delete(key);
  const key = earlyReadKey(config);
  const early = earlyReads.get(key);
  earlyReads.delete(key);
  return early?.response;
}

let sessionExpiryHandled = false;

http.interceptors.request.use((config) => {
  startProgress();
  // A request sent with a token belongs to a live session, whose expiry must be announced again.
  if (getToken()) sessionExpiryHandled = false;
  const early = takeEarlyRead(config);
  // The early answer stands in for the network; the response rules below see this request's own settings.
  if (early) config.adapter = () => early.then((response) => ({ ...response, config }));
  return applyBladeHeaders(config);
});

http.interceptors.response.use(
  (response) => {
    finishProgress();
    return handleBladeResponse(response);
  },
  (error: unknown) => {
    // Network errors, timeouts, cancellations and statuses outside 200–500: rejected without a message.
    finishProgress();
    return Promise.reject(error);
  },
);

const lastShownAt = new Map<string, number>();

function notifyOncePerBurst(message: string): void {
  const now = Date.now();
  const previous = lastShownAt.get(message);
  lastShownAt.set(message, now);
  if (previous === undefined || now - previous >= MESSAGE_BURST_MS) options.notifyError(message);
}

function handleBladeResponse(response: AxiosResponse): AxiosResponse | Promise<AxiosResponse> {
  const code = responseCode(response);
  if (code === 200) return response;
  const body = bodyOf(response);
  const message = errorMessageOf(body);
  const error = new BladeError(code, message, body.data);
  if (options.whitelistCodes.includes(code) || response.config.quietCodes?.includes(code)) return Promise.reject(error);
  // Refused without a session (a query that read again just after sign-out): nothing expired, nothing to renew.
  if (code === 401 && !response.config.headers.get(siteConfig.tokenHeader)) return Promise.reject(error);
  if (code === 401) return retryAfterRefresh(response, error);
  if (!response.config.silent) {
    if (code > 2000) notifyOncePerBurst(message);
    else options.notifyError(message);
  }
  return Promise.reject(error);
}

/** First 401 of a request: renew the token once (shared by concurrent requests), then send the request once more. */
async function retryAfterRefresh(response: AxiosResponse, error: BladeError): Promise<AxiosResponse> {
  const { config } = response;
  if (config.bladeRetry) {
    expireSession();
    throw error;
  }
  const sentToken = config.headers.get(siteConfig.tokenHeader);
  const currentToken = getToken();
  // Sent before another request's refresh finished: the new token is already here, only retry.
  const alreadyRenewed = Boolean(currentToken) && sentToken !== `bearer ${currentToken}`;
  if (!alreadyRenewed) {
    try {
      await refreshToken();
    } catch {
      expireSession();
      throw error;
    }
  }
  // Over the network again, even when the first answer was an early read.
  return http.request({ ...config, adapter: http.defaults.adapter, bladeRetry: true });
}

function expireSession(): void {
  if (sessionExpiryHandled) return;
  sessionExpiryHandled = true;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EXPIRING_EVENT));
  options.notifyError(SESSION_EXPIRED_MESSAGE);
  clearSession();
  options.onSessionExpired();
}

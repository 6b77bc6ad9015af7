import { delay, http as route, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BladeError,
  configureHttp,
  EARLY_READ_TTL_MS,
  NAVIGATION_READ_TTL_MS,
  http,
  MESSAGE_BURST_MS,
  readEarly,
  SESSION_EXPIRED_MESSAGE,
  takeAllArrivedEarly,
  earlyReadsSettled,
} from '../../providers/http';
import { isProgressRunning, PROGRESS_BAR_ID } from '../../providers/progress';
import { storeKeys } from '../../providers/session';
import { getRefreshToken, getStore, getToken, setRefreshToken, setStore, setToken } from '../../providers/storage';
import { describeRequest, envelope, server, tokenResponse, useMockServer, type SeenRequest } from './support';

useMockServer();

/** One early read, taken as the screens take theirs. */
const takeArrivedEarly = (url: string, params?: Record<string, unknown>) => takeAllArrivedEarly([[url, params]])?.[0];

const notifyError = vi.fn<(msg: string) => void>();
const onSessionExpired = vi.fn<() => void>();

beforeEach(() => {
  notifyError.mockReset();
  onSessionExpired.mockReset();
  configureHttp({ notifyError, onSessionExpired, whitelistCodes: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

function signIn(accessToken = 'old-token', refreshToken = 'old-refresh'): void {
  setToken(accessToken);
  setRefreshToken(refreshToken);
  setStore({ name: storeKeys.token, content: accessToken });
  setStore({ name: storeKeys.userInfo, content: { user_id: '1', account: 'admin' } });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to be rejected');
}

describe('request headers', () => {
  it('sends Basic client credentials, the bearer token and the tenant', async () => {
    signIn('jwt-123');
    setStore({ name: storeKeys.tenantId, content: '123456' });
    let seen: SeenRequest | undefined;
    server.use(
      route.get('/api/blade-system/param/list', async ({ request }) => {
        seen = await describeRequest(request);
        return envelope({ records: [], total: 0 });
      }),
    );
    await http.get('/api/blade-system/param/list');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(seen?.headers['blade-auth']).toBe('bearer jwt-123');
    expect(seen?.headers['tenant-id']).toBe('123456');
  });

  it('sends no token header without a token and the default tenant', async () => {
    let seen: SeenRequest | undefined;
    server.use(
      route.get('/api/blade-auth/oauth/captcha', async ({ request }) => {
        seen = await describeRequest(request);
        return HttpResponse.json({ key: 'k', image: 'data:image/png;base64,AA==' });
      }),
    );
    await http.get('/api/blade-auth/oauth/captcha');
    expect(seen?.headers).not.toHaveProperty('blade-auth');
    expect(seen?.headers['tenant-id']).toBe('000000');
  });

  it('keeps a Tenant-Id the caller chose and uses the spec timeout', async () => {
    let seen: SeenRequest | undefined;
    server.use(
      route.get('/api/blade-system/tenant/info', async ({ request }) => {
        seen = await describeRequest(request);
        return envelope({});
      }),
    );
    await http.get('/api/blade-system/tenant/info', { headers: { 'Tenant-Id': '654321' } });
    expect(seen?.headers['tenant-id']).toBe('654321');
    expect(http.defaults.timeout).toBe(10_000);
  });
});

describe('answers', () => {
  it('resolves the axios response of a code-200 envelope', async () => {
    server.use(route.get('/api/x/detail', () => envelope({ id: '7', paramName: 'a' })));
    const response = await http.get('/api/x/detail');
    expect(response.data.data).toEqual({ id: '7', paramName: 'a' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('passes raw token JSON through (no envelope, no code)', async () => {
    server.use(route.post('/api/blade-auth/oauth/token', () => HttpResponse.json(tokenResponse)));
    const response = await http.post('/api/blade-auth/oauth/token');
    expect(response.data.access_token).toBe('access-1');
  });

  it('acts on the body code of an HTTP 400: shows msg and rejects with {code, msg, data}', async () => {
    server.use(
      route.post('/api/x/submit', () => envelope({ field: 'paramKey' }, 400, '参数键名已存在', 400)),
    );
    const error = await rejectionOf(http.post('/api/x/submit', {}));
    expect(error).toBeInstanceOf(BladeError);
    expect(error).toMatchObject({ code: 400, msg: '参数键名已存在', data: { field: 'paramKey' }, statusCode: 400 });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('参数键名已存在');
  });

  it('accepts HTTP 500 and shows the server message', async () => {
    server.use(route.get('/api/x/list', () => envelope(null, 500, '服务器异常', 500)));
    expect(await rejectionOf(http.get('/api/x/list'))).toMatchObject({ code: 500 });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('服务器异常');
  });

  it('reads error_code before code, and falls back to the HTTP status', async () => {
    server.use(
      route.get('/api/a', () => HttpResponse.json({ error_code: 403, code: 200, msg: '请求被拒绝' })),
      route.get('/api/b', () => new HttpResponse('', { status: 404 })),
    );
    expect(await rejectionOf(http.get('/api/a'))).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect(await rejectionOf(http.get('/api/b'))).toMatchObject({ code: 404, msg: '系统错误' });
    expect(notifyError.mock.calls).toEqual([['请求被拒绝'], ['系统错误']]);
  });

  it('rejects whitelisted codes without a message', async () => {
    configureHttp({ whitelistCodes: [400] });
    server.use(route.get('/api/x/list', () => envelope(null, 400, '业务失败', 400)));
    expect(await rejectionOf(http.get('/api/x/list'))).toMatchObject({ code: 400, msg: '业务失败' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects without a message for a request marked silent', async () => {
    server.use(route.get('/api/x/list', () => envelope(null, 400, '后台失败', 400)));
    expect(await rejectionOf(http.get('/api/x/list', { silent: true }))).toMatchObject({ code: 400 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows a code above 2000 once per burst of the same message, and again after the burst', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let count = 0;
    server.use(
      route.get('/api/oauth-ish', () => {
        count++;
        return HttpResponse.json({ error_code: 2004, error_description: '用户名或密码错误' }, { status: 400 });
      }),
      route.get('/api/no-message', () => HttpResponse.json({ error_code: 2000 }, { status: 400 })),
    );
    const burst = await Promise.all([1, 2, 3].map(() => rejectionOf(http.get('/api/oauth-ish'))));
    expect(count).toBe(3);
    for (const error of burst) expect(error).toMatchObject({ code: 2004, msg: '用户名或密码错误' });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('用户名或密码错误');

    vi.setSystemTime(Date.now() + MESSAGE_BURST_MS + 1);
    await rejectionOf(http.get('/api/oauth-ish'));
    expect(notifyError).toHaveBeenCalledTimes(2);

    await rejectionOf(http.get('/api/no-message'));
    expect(notifyError).toHaveBeenLastCalledWith('系统错误');
  });

  it('rejects network errors silently', async () => {
    server.use(route.get('/api/x/list', () => HttpResponse.error()));
    const error = await rejectionOf(http.get('/api/x/list'));
    expect(error).not.toBeInstanceOf(BladeError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects statuses outside 200–500 silently', async () => {
    server.use(route.get('/api/x/list', () => new HttpResponse('bad gateway', { status: 502 })));
    expect(await rejectionOf(http.get('/api/x/list'))).toMatchObject({ response: { status: 502 } });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects a timeout silently', async () => {
    server.use(
      route.get('/api/slow', async () => {
        await delay(1000);
        return envelope({});
      }),
    );
    // msw's XMLHttpRequest stand-in never fires `timeout`, so this goes through axios's fetch adapter.
    const slow = http.get(`${location.origin}/api/slow`, { timeout: 50, adapter: 'fetch' });
    expect(await rejectionOf(slow)).toMatchObject({ message: 'timeout of 50ms exceeded' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('runs the progress bar while requests are in flight', async () => {
    let startedDuringRequest = false;
    server.use(
      route.get('/api/x/list', () => {
        startedDuringRequest = isProgressRunning() && document.getElementById(PROGRESS_BAR_ID) !== null;
        return envelope([]);
      }),
    );
    await http.get('/api/x/list');
    expect(startedDuringRequest).toBe(true);
    expect(isProgressRunning()).toBe(false);
  });
});

describe('expired token (401)', () => {
  /** Protected endpoint: 401 envelope (HTTP 200) unless the request carries `validToken`. */
  function protectedList(path: string, validToken: string, hits: string[]) {
    return route.get(path, ({ request }) => {
      const auth = request.headers.get('blade-auth') ?? '';
      hits.push(auth);
      if (auth === `bearer ${validToken}`) return envelope({ path });
      return envelope(null, 401, '请求未授权');
    });
  }

  it('refreshes once for concurrent 401s, then retries each request once with the new token', async () => {
    signIn();
    const hits: string[] = [];
    const refreshes: SeenRequest[] = [];
    server.use(
      protectedList('/api/a', 'new-token', hits),
      protectedList('/api/b', 'new-token', hits),
      protectedList('/api/c', 'new-token', hits),
      route.post('/api/blade-auth/oauth/token', async ({ request }) => {
        refreshes.push(await describeRequest(request));
        await delay(20);
        return HttpResponse.json({ ...tokenResponse, access_token: 'new-token', refresh_token: 'new-refresh' });
      }),
    );
    const responses = await Promise.all(['/api/a', '/api/b', '/api/c'].map((path) => http.get(path)));
    expect(responses.map((response) => response.data.data.path)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].query).toEqual({
      grant_type: 'refresh_token',
      scope: 'all',
      refresh_token: 'old-refresh',
      tenantId: '000000',
    });
    expect(refreshes[0].headers['tenant-id']).toBe('000000');
    expect(refreshes[0].headers.authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(hits.filter((auth) => auth === 'bearer old-token')).toHaveLength(3);
    expect(hits.filter((auth) => auth === 'bearer new-token')).toHaveLength(3);
    expect(getToken()).toBe('new-token');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a POST with the same query and JSON body', async () => {
    signIn();
    const submissions: SeenRequest[] = [];
    server.use(
      route.post('/api/blade-system/param/submit', async ({ request }) => {
        submissions.push(await describeRequest(request));
        if (request.headers.get('blade-auth') === 'bearer new-token') return envelope({});
        return envelope(null, 401, '请求未授权');
      }),
      route.post('/api/blade-auth/oauth/token', () => HttpResponse.json({ ...tokenResponse, access_token: 'new-token' })),
    );
    await http.post('/api/blade-system/param/submit', { paramKey: 'k', paramValue: '值' }, { params: { draft: 1 } });
    expect(submissions).toHaveLength(2);
    const [first, retry] = submissions;
    expect(retry.query).toEqual({ draft: '1' });
    expect(JSON.parse(retry.body)).toEqual({ paramKey: 'k', paramValue: '值' });
    expect(retry.body).toBe(first.body);
    expect(retry.headers['content-type']).toContain('application/json');
  });

  it('retries without a second refresh when another request already renewed the token', async () => {
    signIn();
    let refreshCount = 0;
    const hits: string[] = [];
    server.use(
      protectedList('/api/a', 'new-token', hits),
      route.post('/api/blade-auth/oauth/token', () => {
        refreshCount++;
        return HttpResponse.json({ ...tokenResponse, access_token: 'new-token' });
      }),
      route.get('/api/late', async ({ request }) => {
        const auth = request.headers.get('blade-auth');
        hits.push(auth ?? '');
        if (auth === 'bearer new-token') return envelope('late');
        // Answered after the refresh above has finished.
        await delay(100);
        return envelope(null, 401, '请求未授权');
      }),
    );
    const late = http.get('/api/late');
    await http.get('/api/a');
    expect((await late).data.data).toBe('late');
    expect(refreshCount).toBe(1);
  });

  it('when the refresh fails: one message, session cleared, onSessionExpired once, every request rejected', async () => {
    signIn();
    const hits: string[] = [];
    let refreshCount = 0;
    server.use(
      protectedList('/api/a', 'never', hits),
      protectedList('/api/b', 'never', hits),
      route.post('/api/blade-auth/oauth/token', () => {
        refreshCount++;
        return HttpResponse.json({ error_code: 2010, error_description: '令牌无效' }, { status: 400 });
      }),
    );
    const errors = await Promise.all([rejectionOf(http.get('/api/a')), rejectionOf(http.get('/api/b'))]);
    for (const error of errors) expect(error).toMatchObject({ code: 401 });
    expect(refreshCount).toBe(1);
    expect(hits).toHaveLength(2);
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(SESSION_EXPIRED_MESSAGE);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getStore({ name: storeKeys.userInfo })).toBeUndefined();
    expect(getStore({ name: storeKeys.token })).toBeUndefined();
  });

  it('when the retry is refused again: one message and one expiry for all requests', async () => {
    signIn();
    const hits: string[] = [];
    let refreshCount = 0;
    server.use(
      protectedList('/api/a', 'never', hits),
      protectedList('/api/b', 'never', hits),
      route.post('/api/blade-auth/oauth/token', () => {
        refreshCount++;
        return HttpResponse.json({ ...tokenResponse, access_token: 'still-refused' });
      }),
    );
    const errors = await Promise.all([rejectionOf(http.get('/api/a')), rejectionOf(http.get('/api/b'))]);
    for (const error of errors) expect(error).toMatchObject({ code: 401, msg: '请求未授权' });
    expect(refreshCount).toBe(1);
    expect(hits).toHaveLength(4);
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(SESSION_EXPIRED_MESSAGE);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(getToken()).toBeUndefined();
  });

  it('a request sent without a session (just after sign-out) is refused quietly: no refresh, no expiry message', async () => {
    let refreshCount = 0;
    const hits: string[] = [];
    server.use(
      protectedList('/api/a', 'never', hits),
      route.post('/api/blade-auth/oauth/token', () => {
        refreshCount++;
        return HttpResponse.json({ error_code: 2010 }, { status: 400 });
      }),
    );
    expect(getToken()).toBeUndefined();
    expect(await rejectionOf(http.get('/api/a'))).toMatchObject({ code: 401 });
    expect(hits).toEqual(['']);
    expect(refreshCount).toBe(0);
    expect(notifyError).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('announces a later expiry again after a new sign-in', async () => {
    server.use(
      route.get('/api/a', () => envelope(null, 401, '请求未授权')),
      route.post('/api/blade-auth/oauth/token', () => HttpResponse.json({ error_code: 2010 }, { status: 400 })),
    );
    signIn();
    await rejectionOf(http.get('/api/a'));
    signIn();
    await rejectionOf(http.get('/api/a'));
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });
});

describe('early reads', () => {
  /** Counts the requests of `path` and answers each with its number. */
  function counted(path: string, answer: (hit: number) => Response = (hit) => envelope({ hit })) {
    const hits: SeenRequest[] = [];
    server.use(
      route.get(path, async ({ request }) => {
        hits.push(await describeRequest(request));
        return answer(hits.length);
      }),
    );
    return hits;
  }

  it('answers the first identical GET with the early answer, and asks again for the next one', async () => {
    signIn('jwt-early');
    const hits = counted('/api/blade-system/param/list');
    readEarly('/api/blade-system/param/list', { current: 1, size: 10 });
    const first = await http.get('/api/blade-system/param/list', { params: { current: 1, size: 10 } });
    expect(first.data.data).toEqual({ hit: 1 });
    expect(hits).toHaveLength(1);
    expect(hits[0].headers['blade-auth']).toBe('bearer jwt-early');
    const second = await http.get('/api/blade-system/param/list', { params: { current: 1, size: 10 } });
    expect(second.data.data).toEqual({ hit: 2 });
    expect(hits).toHaveLength(2);
  });

  it('sends at once, before the code that asked has finished running, without reading an XSRF cookie first', () => {
    signIn('jwt-sent-at-once');
    /** The browser's XMLHttpRequest as far as axios uses it, recording the sends. */
    class RecordingXhr {
      static opened: RecordingXhr[] = [];
      sent = false;
      timeout = 0;
      upload = { addEventListener() {} };
      onloadend: (() => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      open() {
        RecordingXhr.opened.push(this);
      }
      setRequestHeader() {}
      addEventListener() {}
      getAllResponseHeaders() {
        return '';
      }
      abort() {}
      send() {
        this.sent = true;
      }
    }
    // Chromium's cookie store: axios would read its XSRF cookie through it, a round trip, before sending.
    const cookieStore = { get: vi.fn(async () => null) };
    vi.stubGlobal('cookieStore', cookieStore);
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    try {
      readEarly('/api/early-sent-at-once');
      expect(RecordingXhr.opened.map((request) => request.sent)).toEqual([true]);
      expect(cookieStore.get).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      // Settles the read as a network failure.
      RecordingXhr.opened[0]?.onerror?.(new Event('error'));
    }
  });

  it('does not answer a request for other parameters, another token or after the wait', async () => {
    signIn('jwt-early');
    const hits = counted('/api/blade-system/param/list');
    readEarly('/api/blade-system/param/list', { current: 1, size: 10 });
    await http.get('/api/blade-system/param/list', { params: { current: 2, size: 10 } });
    expect(hits).toHaveLength(2);

    readEarly('/api/blade-system/param/list');
    signIn('jwt-other');
    await http.get('/api/blade-system/param/list');
    expect(hits.at(-1)?.headers['blade-auth']).toBe('bearer jwt-other');

    vi.useFakeTimers({ toFake: ['Date'] });
    readEarly('/api/blade-system/param/list');
    vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    const late = await http.get('/api/blade-system/param/list');
    // Three early reads and three requests, each of which asked the server itself.
    expect(hits).toHaveLength(6);
    expect(late.data.data).toEqual({ hit: 6 });
  });

  it('a read started by a click waits a shorter while, and no early answer is handed out after a write', async () => {
    signIn('jwt-early');
    const hits = counted('/api/blade-system/param/list');
    server.use(route.post('/api/blade-system/param/submit', () => envelope(true)));
    vi.useFakeTimers({ toFake: ['Date'] });
    readEarly('/api/blade-system/param/list', undefined, NAVIGATION_READ_TTL_MS);
    vi.setSystemTime(Date.now() + NAVIGATION_READ_TTL_MS + 1);
    expect((await http.get('/api/blade-system/param/list')).data.data).toEqual({ hit: 2 });
    vi.useRealTimers();

    // Asked for before a save, answered before it: the list read after the save asks the server again.
    readEarly('/api/blade-system/param/list');
    await earlyReadsSettled(1000);
    await http.post('/api/blade-system/param/submit', { paramKey: 'k' });
    expect((await http.get('/api/blade-system/param/list')).data.data).toEqual({ hit: 4 });
    expect(hits).toHaveLength(4);
  });

  it('applies the receiving request\'s rules: a refused answer shows its message once, unless the request is silent', async () => {
    signIn();
    counted('/api/blade-system/menu/routes', () => envelope(null, 400, '缺少必要的请求参数'));
    readEarly('/api/blade-system/menu/routes');
    const error = await rejectionOf(http.get('/api/blade-system/menu/routes'));
    expect(error).toBeInstanceOf(BladeError);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('缺少必要的请求参数');

    readEarly('/api/blade-system/menu/routes');
    await rejectionOf(http.get('/api/blade-system/menu/routes', { silent: true }));
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('an early answer of 401 leads to one refresh and a retry with the new token', async () => {
    signIn('old-token', 'old-refresh');
    const hits = counted('/api/blade-system/menu/buttons', (hit) =>
      hit === 1 ? envelope(null, 401, '请求未授权') : envelope({ hit }),
    );
    server.use(
      route.post('/api/blade-auth/oauth/token', () =>
        HttpResponse.json({ ...tokenResponse, access_token: 'new-token', refresh_token: 'new-refresh' }),
      ),
    );
    readEarly('/api/blade-system/menu/buttons');
    const response = await http.get('/api/blade-system/menu/buttons');
    expect(response.data.data).toEqual({ hit: 2 });
    expect(hits.map((hit) => hit.headers['blade-auth'])).toEqual(['bearer old-token', 'bearer new-token']);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('hands an arrived successful answer to a screen once, and no request receives it after that', async () => {
    signIn('jwt-early');
    const hits = counted('/api/blade-system/param/list');
    expect(takeArrivedEarly('/api/blade-system/param/list', { current: 1, size: 10 })).toBeUndefined();
    readEarly('/api/blade-system/param/list', { current: 1, size: 10 });
    // Not arrived yet: nothing to hand over, and the early read stays for the request.
    expect(takeArrivedEarly('/api/blade-system/param/list', { current: 1, size: 10 })).toBeUndefined();
    await vi.waitFor(() => expect(hits).toHaveLength(1));
    await delay(10);
    expect(takeArrivedEarly('/api/blade-system/param/list', { current: 2, size: 10 })).toBeUndefined();
    expect(takeArrivedEarly('/api/blade-system/param/list', { current: 1, size: 10 })).toEqual({ hit: 1 });
    expect(takeArrivedEarly('/api/blade-system/param/list', { current: 1, size: 10 })).toBeUndefined();
    const next = await http.get('/api/blade-system/param/list', { params: { current: 1, size: 10 } });
    expect(next.data.data).toEqual({ hit: 2 });
  });

  it('keeps a refused early answer for the request, which shows its message', async () => {
    signIn();
    const hits = counted('/api/blade-system/param/list', () => envelope(null, 403, '请求被拒绝'));
    readEarly('/api/blade-system/param/list');
    await vi.waitFor(() => expect(hits).toHaveLength(1));
    await delay(10);
    expect(takeArrivedEarly('/api/blade-system/param/list')).toBeUndefined();
    await rejectionOf(http.get('/api/blade-system/param/list'));
    expect(hits).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledWith('请求被拒绝');
  });

  it('lets the first render wait for the early reads until they have arrived, or no longer than it allows', async () => {
    signIn();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      route.get('/api/blade-system/menu/routes', async () => {
        await held;
        return envelope([]);
      }),
    );
    await expect(earlyReadsSettled(10)).resolves.toBeUndefined();
    readEarly('/api/blade-system/menu/routes');
    let settled = false;
    const waiting = earlyReadsSettled(5_000).then(() => (settled = true));
    await delay(30);
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(takeArrivedEarly('/api/blade-system/menu/routes')).toEqual([]);

    // An answer that does not come keeps the render waiting only as long as it allows.
    server.use(route.get('/api/blade-system/menu/top-menu', () => delay('infinite')));
    readEarly('/api/blade-system/menu/top-menu');
    const startedAt = Date.now();
    await earlyReadsSettled(40);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(takeArrivedEarly('/api/blade-system/menu/top-menu')).toBeUndefined();
  });

  it('an early read nobody takes reports nothing, even when it fails', async () => {
    signIn();
    server.use(route.get('/api/blade-system/menu/top-menu', () => HttpResponse.error()));
    readEarly('/api/blade-system/menu/top-menu');
    await delay(30);
    expect(notifyError).not.toHaveBeenCalled();
  });
});

import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearStore, removeRefreshToken, removeToken } from '../../providers/storage';

/** One msw server per test file; any request without a handler fails the test. */
export const server = setupServer();

export function useMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    clearBrowserSession();
  });
  afterAll(() => server.close());
}

export function clearBrowserSession(): void {
  clearStore();
  clearStore({ type: 'session' });
  removeToken();
  removeRefreshToken();
}

/** A Blade envelope (blade-contract §1). */
export function envelope(data: unknown, code = 200, msg = '操作成功', status = 200) {
  return HttpResponse.json({ code, success: code === 200, data, msg }, { status });
}

/** What a handler saw of a request, for assertions on the wire format. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

export async function describeRequest(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(request.headers),
    body: await request.clone().text(),
  };
}

export const tokenResponse = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  scope: 'all',
  tenant_id: '000000',
  user_id: '1123598821738675201',
  dept_id: '1123598813738675201',
  role_id: '1123598816738675201',
  role_name: 'administrator',
  account: 'admin',
  user_name: 'admin',
  real_name: '管理员',
  avatar: 'https://example.test/avatar.png',
  detail: { type: 'web' },
};

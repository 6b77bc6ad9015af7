import { Refine, useGetIdentity, useInvalidate, type AuthProvider } from '@refinedev/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http as route } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../providers/auth';
import { createDataProvider } from '../../providers/data';
import { i18nProvider } from '../../providers/i18n';
import { resourceSchemas } from '../../resources/schemas';
import '../../src/locales/register';
import { FeedbackProvider } from '../../src/components/FeedbackProvider';
import InfoPage from '../../src/pages/info/InfoPage';
import { useSessionNames } from '../../src/pages/info/useSessionNames';
import { envelope, server, useMockServer } from './support';

useMockServer();
afterEach(cleanup);

const identity: Identity = { id: '7', name: '测试员', tenantId: '000000', deptId: '11', roleId: '21,22' };
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => identity,
};

/** The signed-in user's profile as the server holds it, with the number of reads. */
function profileServer() {
  const profile = { id: '7', realName: '测试员', name: 'tester', phone: '13800138000', deptId: '11', deptName: '测试部', roleId: '21,22', roleName: '普通用户,通知查看' };
  const reads = { count: 0 };
  server.use(route.get('/api/blade-system/user/info', () => (reads.count++, envelope(profile))));
  return { profile, reads };
}

let invalidateUsers: () => Promise<void> = async () => undefined;
/** What a write declaring the user resource does once it has succeeded (useResourceCall, a user saved in 用户管理). */
function UserWriter() {
  const invalidate = useInvalidate();
  invalidateUsers = () => invalidate({ resource: 'user', invalidates: ['resourceAll'] });
  return null;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <Refine
      dataProvider={createDataProvider(resourceSchemas)}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      resources={[{ name: 'user' }]}
      options={{ disableTelemetry: true }}
    >
      <FeedbackProvider>
        <App>
          <UserWriter />
          {children}
        </App>
      </FeedbackProvider>
    </Refine>
  );
}

function RoleNames() {
  const { data } = useGetIdentity<Identity>();
  const { roleNames } = useSessionNames(data ?? undefined);
  return <span data-testid="roles">{roleNames}</span>;
}

describe("the signed-in user's profile", () => {
  it('is read once for every view of it, and again after a write to users, which every view then shows', async () => {
    const { profile, reads } = profileServer();
    render(
      <Shell>
        <RoleNames />
        <RoleNames />
      </Shell>,
    );
    await waitFor(() => expect(screen.getAllByTestId('roles').map((shown) => shown.textContent)).toEqual(['普通用户, 通知查看', '普通用户, 通知查看']));
    expect(reads.count).toBe(1);
    profile.roleName = '普通用户,公告阅读';
    await act(() => invalidateUsers());
    await waitFor(() => expect(screen.getAllByTestId('roles').map((shown) => shown.textContent)).toEqual(['普通用户, 公告阅读', '普通用户, 公告阅读']));
    expect(reads.count).toBe(2);
  });

  it('fills the info form once: a read again of the profile never takes back what the user is typing', async () => {
    const { profile, reads } = profileServer();
    render(
      <Shell>
        <InfoPage />
      </Shell>,
    );
    const realName = (await screen.findByLabelText('姓名')) as HTMLInputElement;
    expect(realName.value).toBe('测试员');
    fireEvent.change(realName, { target: { value: '测试员甲' } });
    profile.realName = '别处改的名字';
    await act(() => invalidateUsers());
    await waitFor(() => expect(reads.count).toBe(2));
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('测试员甲');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
  });
});

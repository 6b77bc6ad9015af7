import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, useInvalidate, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App } from 'antd';
import { i18nProvider } from '../../providers/i18n';
import { clearStore, setStore } from '../../providers/storage';
import { paramSchema } from '../../resources/param/schema';
import ResourceCrudPage from '../../src/components/crud/ResourceCrudPage';
import { LocaleConfigProvider } from '../../src/components/LocaleConfigProvider';
import { antdThemeOf, contrastRatio, TEXT_CONTRAST } from '../../src/layout/theme/themes';
import { useAntdNotificationProvider } from '../../src/components/useAntdNotificationProvider';
import { WithProductRegistry } from './productRegistry';

const rows = [
  { id: '1', paramName: '是否开启注册', paramKey: 'account.registerUser', paramValue: 'true', remark: '' },
  { id: '2', paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '' },
];

function fakeDataProvider(): DataProvider {
  return {
    getApiUrl: () => '',
    getList: vi.fn(async () => ({ data: rows, total: rows.length })) as DataProvider['getList'],
    getOne: vi.fn(async () => ({ data: rows[0] })) as DataProvider['getOne'],
    create: vi.fn(async () => ({ data: {} })) as DataProvider['create'],
    update: vi.fn(async () => ({ data: {} })) as DataProvider['update'],
    deleteOne: vi.fn(async () => ({ data: {} })) as DataProvider['deleteOne'],
    deleteMany: vi.fn(async () => ({ data: [] })) as DataProvider['deleteMany'],
  };
}

/** Reads the edited row again, as a poll or a write elsewhere does. */
function Reread() {
  const invalidate = useInvalidate();
  return (
    <button type="button" onClick={() => void invalidate({ resource: 'param', invalidates: ['detail'], id: '1' })}>
      reread
    </button>
  );
}

function renderPage(dataProvider: DataProvider, path = paramSchema.route) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WithProductRegistry>
        <LocaleConfigProvider>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useAntdNotificationProvider}
            resources={[{ name: 'param', list: paramSchema.route }]}
          >
            <App>
              <Reread />
              <Routes>
                <Route path={`${paramSchema.route}/*`} element={<ResourceCrudPage schema={paramSchema} />} />
              </Routes>
            </App>
          </Refine>
        </LocaleConfigProvider>
      </WithProductRegistry>
    </MemoryRouter>,
  );
}

beforeEach(() => clearStore());
afterEach(cleanup);

// The first render loads antd and Refine cold; on a busy two-core machine that alone can take seconds.
describe('ResourceCrudPage', { timeout: 20_000 }, () => {
  it('lists the rows under the schema columns', async () => {
    setStore({ name: 'permission', content: { param_add: true, param_edit: true, param_delete: true, param_view: true } });
    const dataProvider = fakeDataProvider();
    renderPage(dataProvider);
    expect(await screen.findByText('account.registerUser')).toBeTruthy();
    for (const label of ['参数名称', '参数键名', '参数键值', '操作']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.queryByText('备注')).toBeNull(); // remark is not a list column
    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({ resource: 'param', pagination: expect.objectContaining({ currentPage: 1, pageSize: 10 }) }),
    );
    expect(screen.getAllByText('编辑')).toHaveLength(2);
  });

  it('warns 请选择至少一条数据 when deleting with nothing selected', async () => {
    setStore({ name: 'permission', content: { param_delete: true } });
    const dataProvider = fakeDataProvider();
    renderPage(dataProvider);
    await screen.findByText('account.registerUser');
    const toolbar = document.querySelector<HTMLElement>('.crud-toolbar')!;
    fireEvent.click(within(toolbar).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(dataProvider.deleteMany).not.toHaveBeenCalled();
  });

  it("draws each row's actions as plain buttons in the theme's link and error colours, readable on white", async () => {
    setStore({ name: 'permission', content: { param_edit: true, param_delete: true } });
    const dataProvider = fakeDataProvider();
    renderPage(dataProvider);
    await screen.findByText('account.registerUser');
    const [edit] = screen.getAllByRole('button', { name: '编辑' });
    const [remove] = screen.getAllByRole('button', { name: '删除' }).filter((button) => button.closest('.crud-row-actions'));
    expect(edit.className).toBe('crud-row-action');
    expect(remove.className).toBe('crud-row-action crud-row-action--danger');
    const table = edit.closest<HTMLElement>('.ant-table-wrapper')!;
    // The default #409EFF and antd's error red read at 2.8:1 and 3.3:1; the theme draws them in shades that reach AA.
    const { token } = antdThemeOf('hey', '#409EFF');
    expect(table.style.getPropertyValue('--crud-link')).toBe(token?.colorLink);
    expect(table.style.getPropertyValue('--crud-danger')).toBe(token?.colorError);
    expect(contrastRatio(table.style.getPropertyValue('--crud-link'), '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(table.style.getPropertyValue('--crud-danger'), '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    fireEvent.click(remove);
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    expect(dataProvider.deleteOne).not.toHaveBeenCalled();
  });

  it('hides the buttons the role does not hold', async () => {
    setStore({ name: 'permission', content: { param_view: true } });
    renderPage(fakeDataProvider());
    await screen.findByText('account.registerUser');
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.getAllByText('查看')).toHaveLength(2);
  });

  it('passes the search form as filters: like → contains', async () => {
    setStore({ name: 'permission', content: {} });
    const dataProvider = fakeDataProvider();
    renderPage(dataProvider);
    await screen.findByText('account.registerUser');
    fireEvent.change(document.getElementById('search_paramName')!, { target: { value: '注册' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: [{ field: 'paramName', operator: 'contains', value: '注册' }] }),
      ),
    );
  });

  it('closes the open form on Esc when the focus is on the page behind it, not only inside the dialog', async () => {
    setStore({ name: 'permission', content: { param_edit: true } });
    renderPage(fakeDataProvider(), `${paramSchema.route}/1/edit`);
    await screen.findByDisplayValue('account.registerUser', {}, { timeout: 10_000 });
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByDisplayValue('account.registerUser')).toBeNull());
    // The list stays: only the form left.
    expect(screen.getAllByText('是否开启注册').length).toBeGreaterThan(0);
  });

  it('keeps what the user typed when the row being edited is read again, and shows what changed on the server', async () => {
    setStore({ name: 'permission', content: { param_edit: true } });
    const dataProvider = fakeDataProvider();
    renderPage(dataProvider, `${paramSchema.route}/1/edit`);
    const value = await screen.findByDisplayValue('account.registerUser', {}, { timeout: 10_000 }).then(() => screen.getByDisplayValue('true'));
    fireEvent.change(value, { target: { value: '正在输入的值' } });
    vi.mocked(dataProvider.getOne).mockResolvedValue({ data: { ...rows[0], remark: '服务器上改了' } } as never);
    fireEvent.click(screen.getByRole('button', { name: 'reread' }));
    await screen.findByDisplayValue('服务器上改了');
    expect(screen.getByDisplayValue('正在输入的值')).toBeTruthy();
    expect(screen.queryByDisplayValue('true')).toBeNull();
  });
});

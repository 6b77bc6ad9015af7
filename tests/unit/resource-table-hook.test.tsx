import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import { Table } from 'antd';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useResourceTable } from '../../src/components/crud/useResourceTable';
import { bladeRouterProvider } from '../../src/router/routerProvider';

const rows = Array.from({ length: 10 }, (_, index) => ({ id: String(index + 1), name: `row ${index + 1}` }));

function fakeDataProvider(): DataProvider {
  return {
    getApiUrl: () => '',
    getList: vi.fn(async () => ({ data: rows, total: 35 })) as DataProvider['getList'],
    getOne: vi.fn() as DataProvider['getOne'],
    create: vi.fn() as DataProvider['create'],
    update: vi.fn() as DataProvider['update'],
    deleteOne: vi.fn() as DataProvider['deleteOne'],
  };
}

type Hook = ReturnType<typeof useResourceTable<BaseRecord>>;
/** Commits in which the list component itself rendered (an effect without dependencies runs after each). */
let commits = 0;
let latest: Hook | undefined;

function List({ initialData }: { initialData?: { data: BaseRecord[]; total: number } }) {
  const table = useResourceTable<BaseRecord>({
    resource: 'thing',
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    onSearch: (values) => [{ field: 'name', operator: 'contains', value: values.name }],
    queryOptions: initialData ? { initialData, refetchOnMount: false } : undefined,
  });
  latest = table;
  useEffect(() => {
    commits += 1;
  });
  return <Table<BaseRecord> rowKey="id" columns={[{ dataIndex: 'name', title: 'Name' }]} {...table.tableProps} />;
}

function renderList(dataProvider: DataProvider, initialData?: { data: BaseRecord[]; total: number }) {
  return render(
    <MemoryRouter initialEntries={['/things']}>
      <Refine dataProvider={dataProvider} routerProvider={bladeRouterProvider} resources={[{ name: 'thing', list: '/things' }]}>
        {/* A resource screen's route, as the app declares it: its sub-paths are the open record's. */}
        <Routes>
          <Route path="/things/*" element={<List initialData={initialData} />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  commits = 0;
  latest = undefined;
  window.innerWidth = 1024;
});

describe('useResourceTable', { timeout: 20_000 }, () => {
  it('commits a list whose rows are already there once: no second render right after mounting', async () => {
    renderList(fakeDataProvider(), { data: rows, total: 35 });
    expect(screen.getByText('row 1')).toBeTruthy();
    // Effects and anything they schedule have run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(commits).toBe(1);
  });

  it('gives antd the page, the total and links to the other pages; a page change asks for that page', async () => {
    const dataProvider = fakeDataProvider();
    renderList(dataProvider);
    expect(await screen.findByText('row 1')).toBeTruthy();
    expect(latest!.tableProps.pagination).toMatchObject({ current: 1, pageSize: 10, total: 35, simple: false });
    const pageTwo = screen.getByRole('link', { name: '2' });
    expect(pageTwo.getAttribute('href')).toBe('/things?currentPage=2');
    act(() => latest!.tableProps.onChange!({ current: 2, pageSize: 10 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(expect.objectContaining({ pagination: expect.objectContaining({ currentPage: 2 }) })),
    );
  });

  it('shows an exact total as counted and an estimated one as about so many', async () => {
    renderList(fakeDataProvider());
    expect(await screen.findByText('共 35 条')).toBeTruthy();
    cleanup();
    const estimating = { ...fakeDataProvider(), getList: (async () => ({ data: rows, total: 1_000_000, totalEstimated: true })) as DataProvider['getList'] };
    renderList(estimating);
    expect(await screen.findByText('约 1,000,000 条')).toBeTruthy();
  });

  it('turns a search into filters and goes back to the first page', async () => {
    const dataProvider = fakeDataProvider();
    renderList(dataProvider);
    await screen.findByText('row 1');
    act(() => latest!.setCurrentPage(3));
    await waitFor(() => expect(latest!.currentPage).toBe(3));
    await act(async () => latest!.searchFormProps.onFinish!({ name: 'row' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        expect.objectContaining({
          filters: [{ field: 'name', operator: 'contains', value: 'row' }],
          pagination: expect.objectContaining({ currentPage: 1 }),
        }),
      ),
    );
  });

  it('uses the simple pager on a narrow screen', async () => {
    window.innerWidth = 600;
    renderList(fakeDataProvider(), { data: rows, total: 35 });
    expect(latest!.tableProps.pagination).toMatchObject({ simple: true, position: ['bottomCenter'] });
  });
});

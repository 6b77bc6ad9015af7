import { mapAntdFilterToCrudFilter, mapAntdSorterToCrudSorting } from '@refinedev/antd';
import { useGo, useLink, useTable as useCoreTable, type BaseRecord, type CrudFilters, type HttpError, type useTableProps } from '@refinedev/core';
import type { FormProps, TableProps } from 'antd';
import dayjs from 'dayjs';
import { Children, createElement, Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceSchema } from '../../../resources/types';
import { useScreenClass } from '../../hooks/useScreenClass';
import { DATETIME_FORMAT, searchFilters, searchValuesOf } from './schemaMapping';

export type ResourceTableOptions<T extends BaseRecord> = useTableProps<T, HttpError, T> & {
  /**
   * The schema whose search fields the search form shows: its values become the filters (submitting replaces them and
   * goes back to page 1), and with `syncWithLocation` the filters in the address fill the form when the list opens.
   */
  searchSchema?: ResourceSchema;
  /** The search form's values as filters, for a form other than a schema's. */
  onSearch?(values: Record<string, unknown>): CrudFilters | Promise<CrudFilters>;
};

/** A page number (or arrow) as a real link to that page's address; a click goes through the table's onChange. */
function PaginationLink({ to, element }: { to: string; element: ReactNode }) {
  const Link = useLink();
  return <Link to={to} replace={false} onClick={(event: { preventDefault(): void }) => event.preventDefault()}>{element}</Link>;
}

/**
 * Refine's table state (page, filters, sorters, the list query) as antd's table and search form props: what
 * `@refinedev/antd`'s useTable gives, less its `Grid.useBreakpoint()`. That hook subscribes in a layout effect and
 * forces a render at once, so every list page rendered twice before its first paint; the screen class here is read
 * from a store whose value is already the one rendered.
 */
export function useResourceTable<T extends BaseRecord = BaseRecord>({ searchSchema, ...options }: ResourceTableOptions<T>) {
  const onSearch = options.onSearch ?? (searchSchema && ((values: Record<string, unknown>) => searchFilters(searchSchema, values as Record<string, never>)));
  const table = useCoreTable<T, HttpError, T>(options);
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters } = table;
  const narrow = useScreenClass() === 0;
  const { t } = useTranslation();
  // A filter over a large table answers an estimated total (server/blade/totals.ts).
  const totalEstimated = (tableQuery.data as { totalEstimated?: boolean } | undefined)?.totalEstimated === true;
  const paginated = options.pagination?.mode !== 'off';
  const initialFilters = options.filters?.initial;
  // Read once: the address's filters fill the search form when the list opens (a reload or a copied link).
  const [initialSearch] = useState(() =>
    searchSchema && options.syncWithLocation ? searchValuesOf(searchSchema, filters, (text) => dayjs(text, DATETIME_FORMAT)) : undefined,
  );

  const onChange: TableProps<T>['onChange'] = (pagination, tableFilters, sorter) => {
    if (tableFilters && Object.keys(tableFilters).length > 0) {
      setFilters(mapAntdFilterToCrudFilter(tableFilters, filters, initialFilters));
    }
    if (sorter && Object.keys(sorter).length > 0) setSorters(mapAntdSorterToCrudSorting(sorter));
    if (paginated) {
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || 10);
    }
  };

  const onFinish: FormProps['onFinish'] = async (values: Record<string, unknown>) => {
    if (!onSearch) return;
    setFilters(await onSearch(values));
    if (paginated) setCurrentPage(1);
  };

  // Refine's createLinkForSyncWithLocation lets the address's current page override the one asked for.
  const go = useGo();
  const linkTo = (page: number) =>
    go({ type: 'path', options: { keepQuery: true, keepHash: true }, query: { currentPage: page, pageSize, sorters, filters } }) ?? '';
  const pagination: TableProps<T>['pagination'] = paginated && {
    itemRender: (page, type, element) => {
      if (type === 'page') return <PaginationLink to={linkTo(page)} element={`${page}`} />;
      if (type === 'prev' || type === 'next') return <PaginationLink to={linkTo(page)} element={element} />;
      if (type === 'jump-prev' || type === 'jump-next') {
        const children = (element as { props?: { children?: ReactNode } } | null)?.props?.children;
        return <PaginationLink to={linkTo(page)} element={Children.count(children) > 1 ? createElement(Fragment, {}, children) : children} />;
      }
      return element;
    },
    pageSize,
    current: currentPage,
    simple: narrow,
    position: narrow ? ['bottomCenter'] : ['bottomRight'],
    total: tableQuery.data?.total,
    showTotal: (total) =>
      totalEstimated ? t('crud.totalEstimated', { total: total.toLocaleString('en-US') }) : t('crud.total', { total }),
  };

  return {
    ...table,
    tableProps: {
      dataSource: tableQuery.data?.data,
      loading: !tableQuery.isFetched,
      onChange,
      pagination,
    } satisfies TableProps<T>,
    searchFormProps: { onFinish, initialValues: initialSearch } satisfies FormProps,
  };
}

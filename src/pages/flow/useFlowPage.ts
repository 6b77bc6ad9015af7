import { useCustom } from '@refinedev/core';
import { useState } from 'react';

interface BladePage<T> {
  records: T[];
  total: number | string;
}

/** One page of a flow list (`manager/list`, `follow/list`) read through Refine, with the table's paging state. */
export function useFlowPage<T>(url: string) {
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const { query } = useCustom<BladePage<T>>({
    url,
    method: 'get',
    config: { query: { current: paging.current, size: paging.size } },
    errorNotification: false,
  });
  const page = query.data?.data;
  return {
    rows: page?.records ?? [],
    loading: query.isFetching,
    reload: () => void query.refetch(),
    pagination: {
      current: paging.current,
      pageSize: paging.size,
      total: Number(page?.total ?? 0),
      showSizeChanger: true,
      onChange: (current: number, size: number) => setPaging({ current, size }),
    },
  };
}

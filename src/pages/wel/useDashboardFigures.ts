import { useCustom } from '@refinedev/core';
import { useCallback } from 'react';
import type { DashboardFigures } from '../../../resources/wire';

export const DASHBOARD_FIGURES_URL = '/api/blade-desk/dashboard/figures';

export interface FiguresState {
  figures?: DashboardFigures;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/** The tenant's dashboard figures, read on mount and on `reload()`. Failures were already shown by the http layer. */
export function useDashboardFigures(): FiguresState {
  const { query } = useCustom<DashboardFigures>({
    url: DASHBOARD_FIGURES_URL,
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { figures: query.data?.data, loading: query.isFetching, failed: query.isError, reload };
}

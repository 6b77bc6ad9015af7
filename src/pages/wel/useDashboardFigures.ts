import { useCallback, useEffect, useState } from 'react';
import { http } from '../../../providers/http';
import type { DashboardFigures } from '../../../resources/wire';

export const DASHBOARD_FIGURES_URL = '/api/blade-desk/dashboard/figures';

export interface FiguresState {
  figures?: DashboardFigures;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/** The tenant's dashboard figures, loaded on mount and on `reload()`. Failures were already shown by the http layer. */
export function useDashboardFigures(): FiguresState {
  const [figures, setFigures] = useState<DashboardFigures>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    http.get(DASHBOARD_FIGURES_URL).then(
      (response) => {
        if (!active) return;
        setFigures(response.data.data as DashboardFigures);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!active) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { figures, loading, failed, reload };
}

import { getToken } from '../../providers/storage';
import { iframeRouteOf } from '../../src/layout/menuTree';

/** Where the viewer of a report lives: a page of this app, outside the layout, that the iframe route embeds. */
export const REPORT_VIEWER_ROUTE = '/report/view/:id';

/** The query parameter the viewer's calls carry the token in (blade-contract §3: iframe report pages). */
export const TOKEN_PARAM = 'blade-auth';

/** The viewer's own address, with the caller's token as `blade-auth` as the spec's report pages take it. */
export function reportViewerPath(id: string, token = getToken()): string {
  const query = token ? `?${new URLSearchParams({ [TOKEN_PARAM]: `bearer ${token}` })}` : '';
  return `${REPORT_VIEWER_ROUTE.replace(':id', encodeURIComponent(id))}${query}`;
}

/** The viewer opened inside the layout, through the iframe route. */
export const reportIframeRoute = (id: string) => iframeRouteOf(reportViewerPath(id));

import type { FormMode, ResourceSchema } from './types';

/** What a resource screen's URL says: the list alone, or a record open in a mode (`/x/new`, `/x/:id`, `/x/:id/edit`). */
export type ScreenView = { kind: 'list' } | { kind: 'form'; mode: FormMode; id?: string } | { kind: 'unknown' };

/** The view of `pathname` under the screen's list route. */
export function screenViewOf(route: string, pathname: string): ScreenView {
  const rest = pathname.startsWith(route) ? pathname.slice(route.length).replace(/\/+$/, '') : undefined;
  if (rest === undefined) return { kind: 'unknown' };
  if (rest === '') return { kind: 'list' };
  if (rest === '/new') return { kind: 'form', mode: 'create' };
  const match = /^\/([^/]+)(\/edit)?$/.exec(rest);
  if (!match) return { kind: 'unknown' };
  return { kind: 'form', mode: match[2] ? 'edit' : 'view', id: decodeURIComponent(match[1]) };
}

/**
 * A record's own view over the list, `<route>/:id/<name>` and anything below it (a dictionary's items and their
 * forms), when `name` is one of the screen's record views.
 */
export function recordViewOf(
  route: string,
  pathname: string,
  names: readonly string[],
): { id: string; name: string; base: string } | undefined {
  if (!pathname.startsWith(`${route}/`)) return undefined;
  const match = /^\/([^/]+)\/([^/]+)(\/.*)?$/.exec(pathname.slice(route.length));
  if (!match || !names.includes(match[2])) return undefined;
  return { id: decodeURIComponent(match[1]), name: match[2], base: `${route}/${match[1]}/${match[2]}` };
}

/** The path of a view (the query string is kept by the caller). */
export function screenPathOf(route: string, view: { mode?: FormMode; id?: string }): string {
  if (view.mode === 'create') return `${route}/new`;
  if (view.id === undefined) return route;
  const id = encodeURIComponent(view.id);
  return view.mode === 'edit' ? `${route}/${id}/edit` : `${route}/${id}`;
}

/**
 * The list route of the resource screen `pathname` belongs to, or `pathname` itself: tabs, titles and 403 key on it.
 * Below the list only the screen's own forms and views belong to it (`new`, or a record's id first): a page of its
 * own under the same prefix (the modeler at `/flow/model/design`) is a screen of its own.
 */
export function screenRouteOf(pathname: string, schemas: readonly ResourceSchema[]): string {
  const schema = schemas.find((candidate) => pathname === candidate.route || (pathname.startsWith(`${candidate.route}/`) && isScreenPart(pathname.slice(candidate.route.length + 1))));
  return schema ? schema.route : pathname;
}

const isScreenPart = (rest: string) => {
  const first = rest.split('/')[0];
  return first === 'new' || /^\d{1,19}$/.test(first);
};

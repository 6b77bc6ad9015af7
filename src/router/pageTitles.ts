import type { MenuItem } from '../../providers/access';
import { siteConfig } from '../../providers/config';
import { MESSAGE_LIST_ROUTE } from '../../resources/message/wire';
import { screenRouteOf } from '../../resources/routing';
import type { ResourceSchema } from '../../resources/types';
import { IFRAME_ROUTE_PREFIX, menuByPath } from '../layout/menuTree';

const FIXED_TITLE_KEYS: Record<string, string> = {
  '/login': 'login.title',
  '/lock': 'nav.lock',
  '/403': 'error.403.title',
  '/404': 'error.404.title',
  '/500': 'error.500.title',
  [siteConfig.homePath]: 'wel.title',
  '/wel/dashboard': 'nav.dashboard',
  '/test/index': 'testIndex.title',
  '/info/index': 'nav.info',
  '/flow/diagram': 'flow.diagram.title',
  [MESSAGE_LIST_ROUTE]: 'message.title',
};

/** The flow routes with ids in the path: the leave and generic start, handle and detail forms, the modeler. */
const FLOW_ROUTE_TITLE_KEYS: [RegExp, string][] = [
  [/^\/work\/process\/leave\/form\/[^/]+$/, 'work.leave.formTitle'],
  [/^\/work\/process\/leave\/handle\/[^/]+\/[^/]+\/[^/]+$/, 'work.leave.handleTitle'],
  [/^\/work\/process\/leave\/detail\/[^/]+\/[^/]+$/, 'work.leave.detailTitle'],
  [/^\/work\/process\/generic\/form\/[^/]+$/, 'work.generic.formTitle'],
  [/^\/work\/process\/generic\/handle\/[^/]+\/[^/]+(\/[^/]*)?$/, 'work.generic.handleTitle'],
  [/^\/work\/process\/generic\/detail\/[^/]+(\/[^/]*)?$/, 'work.generic.detailTitle'],
  [/^\/flow\/model\/design(\/[^/]+)?$/, 'flow.modeler.title'],
  [/^\/work\/process\/review\/form\/[^/]+$/, 'work.review.formTitle'],
  [/^\/work\/process\/review\/handle\/[^/]+\/[^/]+\/[^/]+$/, 'work.review.handleTitle'],
  [/^\/work\/process\/review\/detail\/[^/]+\/[^/]+$/, 'work.review.detailTitle'],
  // A report's viewer, embedded through the iframe route.
  [/^\/report\/view\/[^/]+$/, 'report.title'],
];

/** The translation key of a page's window title (spec §2: it follows the page, '登录' on login). */
export function pageTitleKeyOf(path: string, schemas: readonly ResourceSchema[]): string | undefined {
  const screen = screenRouteOf(path, schemas);
  return FIXED_TITLE_KEYS[path] ?? FLOW_ROUTE_TITLE_KEYS.find(([route]) => route.test(path))?.[1] ?? schemas.find((schema) => schema.route === screen)?.name.concat('.title');
}

/** A page's title: a translation key and the text to show when the key has no translation (the server's name). */
export interface PageTitle {
  key: string;
  fallback: string;
}

/**
 * The title of a page inside the layout: fixed pages and resource screens by their key, other menu screens (and
 * external pages embedded through the iframe route) by their menu's `menu.<code>` key, the server's name as fallback.
 */
export function pageTitleOf(path: string, menus: readonly MenuItem[], schemas: readonly ResourceSchema[]): PageTitle {
  const embedded = path.startsWith(IFRAME_ROUTE_PREFIX);
  const target = embedded ? safeDecode(path.slice(IFRAME_ROUTE_PREFIX.length)) : path;
  // An embedded page of this app (a report's viewer) is titled like the page itself; its query string (a token) never
  // shows in a tab.
  const targetPath = target.split(/[?#]/)[0];
  const menu = menuByPath(menus, target) ?? menuByPath(menus, targetPath);
  const fixedKey = pageTitleKeyOf(path, schemas) ?? (embedded && targetPath.startsWith('/') ? pageTitleKeyOf(targetPath, schemas) : undefined);
  if (fixedKey) return { key: fixedKey, fallback: menu?.name ?? '' };
  if (menu) return { key: `menu.${menu.code}`, fallback: menu.name };
  return { key: '', fallback: targetPath };
}

/** The title in the current language. */
export function titleText(title: PageTitle, t: (key: string, options: { defaultValue: string }) => string): string {
  return title.key ? t(title.key, { defaultValue: title.fallback }) : title.fallback;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

import { siteConfig } from '../../providers/config';
import type { ResourceSchema } from '../../resources/types';

const FIXED_TITLE_KEYS: Record<string, string> = {
  '/login': 'login.title',
  '/403': 'error.403.title',
  '/404': 'error.404.title',
  '/500': 'error.500.title',
  [siteConfig.homePath]: 'wel.title',
};

/** The translation key of a page's window title (spec §2: it follows the page, '登录' on login). */
export function pageTitleKeyOf(path: string, schemas: readonly ResourceSchema[]): string | undefined {
  return FIXED_TITLE_KEYS[path] ?? schemas.find((schema) => schema.route === path)?.name.concat('.title');
}

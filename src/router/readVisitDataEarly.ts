import { readMenusEarly, storedMenuTree } from '../../providers/access';
import { readFirstPageEarly } from '../../providers/data';
import { getToken } from '../../providers/storage';
import { screenRouteOf } from '../../resources/routing';
import type { ResourceSchema } from '../../resources/types';
import { menuByPath } from '../layout/menuTree';

/**
 * Asks for the data a signed-in visit shows first (see readEarly): the menus the layout draws, and the screen's first
 * page unless the address asks for another. Visitors without a token (the login page) ask for nothing.
 */
export function readVisitDataEarly({ pathname, search }: { pathname: string; search: string }, schemas: readonly ResourceSchema[]): void {
  if (!getToken()) return;
  readMenusEarly();
  readScreenDataEarly(schemas, pathname, search);
}

/**
 * The first page of the screen's list at `pathname` (unless the address asks for another page or filter), asked for
 * now. Also when a menu is clicked: the request leaves with the click rather than once the list has been drawn. A menu
 * screen that the stored menu does not hold is not asked for: the layout shows it as /403 once the menus are in.
 */
export function readScreenDataEarly(schemas: readonly ResourceSchema[], pathname: string, search: string, ttlMs?: number): void {
  if (!getToken() || search !== '') return;
  const screen = screenRouteOf(pathname, schemas);
  const schema = schemas.find((candidate) => candidate.route === screen);
  if (!schema || (schema.inMenu !== false && !menuByPath(storedMenuTree(), schema.route))) return;
  readFirstPageEarly(schema, ttlMs);
}

import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { menuTreeRoute, resolveScopeMenu } from '../datascope/scopeMenus';

/** An API scope's path: `**` only as a trailing `/**` (a prefix). */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, values, before }) {
    await resolveScopeMenu(tx, values, before);
    // An empty path is left to the required check.
    if (typeof values.scopePath === 'string' && values.scopePath.trim() !== '') {
      const path = values.scopePath.trim();
      const wildcard = path.indexOf('*');
      if (wildcard >= 0 && !(path.endsWith('/**') && wildcard === path.length - 2)) {
        throw badRequest('权限路径格式不正确,通配符只能以 /** 结尾: scopePath');
      }
      values.scopePath = path;
    }
  },
  routes(routes) {
    menuTreeRoute(routes);
  },
};

import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { DATA_SCOPE_TYPE, scopedWhere } from '../../server/blade/scope';
import { columnsOfResource, menuTreeRoute, resolveScopeMenu } from './scopeMenus';

/** What BladeX's client sends as the column of a rule that compares none (全部可见). */
export const NO_COLUMN = '-';

/** Columns every stored entity has: what a scope on a menu without a registered resource may compare. */
const AUDIT_COLUMNS = ['create_user', 'create_dept'];

/**
 * A data scope names a real column of its resource's table (checked against the schema registry); a custom scope
 * (type 5) lists depts of the tenant, never SQL.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, values, before, registry }) {
    await resolveScopeMenu(tx, values, before);
    const resourceCode = String(values.resourceCode ?? before?.resourceCode ?? '');
    const scopeType = Number(values.scopeType ?? before?.scopeType ?? 0);
    if (values.scopeColumn === undefined && before === undefined) values.scopeColumn = scopeType === DATA_SCOPE_TYPE.own ? 'create_user' : 'create_dept';
    const column = values.scopeColumn === undefined ? before?.scopeColumn : values.scopeColumn;
    const known = columnsOfResource(registry.schemas, resourceCode) ?? AUDIT_COLUMNS;
    // An empty column is left to the required check; BladeX's placeholder `-` (no column) only where none is compared.
    const placeholder = column === NO_COLUMN && scopeType === DATA_SCOPE_TYPE.all;
    if (typeof column === 'string' && column !== '' && !placeholder && !known.includes(column)) throw badRequest(`权限字段不是该资源的字段: scopeColumn`);
    if (scopeType === DATA_SCOPE_TYPE.custom) {
      const ids = String(values.scopeValue ?? before?.scopeValue ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length === 0 || !ids.every(isIdText)) throw badRequest('自定义规则值须为部门ID,以逗号分隔: scopeValue');
      const scope = scopedWhere(user, {}, "id = ANY(string_to_array($1, ',')::bigint[])", [ids.join(',')]);
      const found = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM blade_dept WHERE ${scope.where}`, scope.values);
      if (Number(found[0].n) !== new Set(ids).size) throw badRequest('规则值中的部门不存在: scopeValue');
      values.scopeValue = [...new Set(ids)].join(',');
    }
  },
  routes(routes) {
    menuTreeRoute(routes);
  },
};

import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { scopedWhere } from '../../server/blade/scope';
import { hashPlainPassword } from '../../server/users/password';
import { ruleMessages } from '../validation';
import { assertOwned, assertQuota, decorateMembers, DEPT_SCOPE_KEY, deptScope, splitIds } from './lookups';
import { accountOperations } from './accounts';
import { userOperations } from './operations';
import { userReads } from './reads';
import { userSchema } from './schema';

const fieldOf = (name: string) => userSchema.fields.find((field) => field.name === name)!;

/**
 * Hashes of the passwords patched, by the patch's changes: a reset patches many users with one changes object and
 * bcrypt (slow on purpose) runs once for all of them.
 */
const patchedHashes = new WeakMap<object, Promise<string>>();
function hashOnce(changes: object, password: string): Promise<string> {
  let hash = patchedHashes.get(changes);
  if (!hash) {
    hash = hashPlainPassword(password);
    patchedHashes.set(changes, hash);
  }
  return hash;
}

/**
 * Users: the write hooks (quota, password on add only, unique account, roles, departments and posts of the tenant),
 * the list's department scope; reads in `reads.ts`, operations in `operations.ts` and `accounts.ts` (解封, 审核), the
 * sheets in `sheets.ts`.
 */
export const behaviour: ResourceBehaviour = {
  decorateLinked: (db, user, rows) => decorateMembers(db, user, rows),

  listScope(user, query, params) {
    const deptId = query[DEPT_SCOPE_KEY];
    return deptId && isIdText(deptId) ? [deptScope(deptId, user.tenantId, params)] : [];
  },

  async beforeWrite({ tx, user, id, isInsert, isPatch, values, before, body, batch }) {
    // A batch (an import) does once what its rows share: the quota counting all of them, roles, departments and posts.
    const once = <T>(key: string, work: () => Promise<T>) => (batch ? batch.once(key, work) : work());
    if (isInsert) {
      await once('quota', () => assertQuota(tx, user.tenantId, batch?.size ?? 1));
      // Password and its confirmation: required, equal, then stored as a hash (the confirmation is not stored).
      for (const name of ['password', 'password2']) {
        if (values[name] === null || values[name] === undefined) throw badRequest(ruleMessages.required(fieldOf(name)));
      }
      if (values.password !== values.password2) throw badRequest('两次密码输入不一致');
      // bcrypt is slow on purpose: the rows of a batch given one password (an import's initial one) share its hash.
      const plain = String(values.password);
      const hash = await once(`password:${plain}`, () => hashPlainPassword(plain));
      values.password = hash;
      values.password2 = hash;
    } else if (isPatch && typeof values.password === 'string') {
      // Server code sets a password (密码重置): stored as a hash, the same one for every user of one patch's changes.
      values.password = await hashOnce(body, values.password);
    } else {
      // No password change through an edit; clearing it is refused as clearing any required field is.
      for (const name of ['password', 'password2']) if (values[name] !== null) delete values[name];
    }
    if (typeof values.account === 'string') values.account = values.account.trim();
    if (values.account && (isInsert || values.account !== before?.account)) {
      // An account is unique in the tenant, whoever may see the other user.
      const clash = scopedWhere(user, {}, 'account = $1 AND id <> $2', [values.account, id]);
      const [taken] = await tx.query(`SELECT 1 FROM blade_user WHERE ${clash.where}`, clash.values);
      if (taken) throw badRequest('当前用户已存在');
    }
    for (const [name, table, label] of [
      ['roleId', 'blade_role', '所属角色'],
      ['deptId', 'blade_dept', '所属部门'],
      ['postId', 'blade_post', '所属岗位'],
    ] as const) {
      if (values[name] === undefined || values[name] === null) continue;
      const ids = splitIds(values[name]);
      await once(`${table}:${ids.join(',')}`, () => assertOwned(tx, table, user.tenantId, ids, label));
      values[name] = ids.join(',');
    }
  },

  routes(routes) {
    userReads(routes);
    userOperations(routes);
    accountOperations(routes);
  },
};

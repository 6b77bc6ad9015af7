import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { idField } from '../../server/blade/operation';
import { issueToken, revokeToken } from '../../server/modules/execution/tokens';

const terminalQuery = z.object({ id: idField('终端') });

/**
 * A terminal's agent token, under its 编辑 button: issued (answered this once; the previous one stops working) and
 * revoked. The agent's own calls are the execution module's.
 */
export const behaviour: ResourceBehaviour = {
  routes({ operation, store, services }) {
    const base = store.schema.api;
    operation('edit', { path: `${base}/issueToken`, query: terminalQuery }, async ({ user, query }) => R.data(await issueToken(services.db, user, query.id)));
    operation('edit', { path: `${base}/revokeToken`, query: terminalQuery }, async ({ user, query }) => {
      await revokeToken(services.db, user, query.id);
    });
  },
};

import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { jsonBody } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { isIdText } from '../../server/blade/ids';
import { parseWith } from '../../server/blade/validate';

const userIds = z.object({
  userIds: z.union([z.array(z.union([z.string(), z.number()]).transform(String)), z.string().transform((text) => text.split(','))])
    .transform((ids) => ids.map((id) => id.trim()).filter((id) => id !== ''))
    .refine((ids) => ids.length <= 500 && ids.every(isIdText), { error: '用户编号不正确' }),
});

/** Pickers list users from `pageV2` (spec §7: current, size, status=1, realName); `batchQueryUserInfo` labels ids. */
export const behaviour: ResourceBehaviour = {
  routes({ read, store }) {
    const base = store.schema.api;
    read(`${base}/pageV2`, async (c) => send(c, R.data(await store.list(c.get('user'), c.req.query()))));
    // A read, though it is a POST: the ids travel in the body (spec §7).
    read(
      `${base}/batchQueryUserInfo`,
      async (c) => {
        const { userIds: ids } = parseWith(userIds, await jsonBody(c.req.raw));
        return send(c, R.data(await store.byIds(c.get('user'), ids)));
      },
      'POST',
    );
  },
};

import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { createResourceStore, jsonBody } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { idField, idsBody } from '../../server/blade/operation';
import { parseWith } from '../../server/blade/validate';
import { runOperations } from './runs';

/** Filters a picker may send; everything else is ignored. */
const caseSelectBody = z.object({
  current: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
  caseCode: z.string().max(64).optional(),
  caseTitle: z.string().max(255).optional(),
  moduleTypePath: z.string().max(255).optional(),
  projectId: idField('所属项目').optional(),
});

/**
 * Main tasks in the list (child tasks are edited inside theirs); `taskCaseSelect` lists the audited cases a task may
 * run (spec §4: pickers offer audit status 1); `taskBatchDelete` removes main tasks with their child tasks; a run's
 * start, pause, resume and end are in `runs.ts`.
 */
export const behaviour: ResourceBehaviour = {
  listScope: () => ['(t.parent_id IS NULL OR t.parent_id = 0)'],
  routes(routes) {
    const { read, operation, store, services } = routes;
    runOperations(routes);
    const cases = createResourceStore(services.db, services.registry, services.registry.schemaByName('testcase')!);
    read(
      `${store.schema.api}/taskCaseSelect`,
      async (c) => {
        const filters = parseWith(caseSelectBody, await jsonBody(c.req.raw));
        const query: Record<string, string> = { auditStatus_equal: '1', size: String(filters.size ?? 100), current: String(filters.current ?? 1) };
        if (filters.caseCode) query.caseCode = filters.caseCode;
        if (filters.caseTitle) query.caseTitle = filters.caseTitle;
        if (filters.moduleTypePath) query.moduleTypePath_likeright = filters.moduleTypePath;
        if (filters.projectId) query.projectId_equal = filters.projectId;
        return send(c, R.data(await cases.list(c.get('user'), query)));
      },
      'POST',
    );
    operation('delete', { path: `${store.schema.api}/taskBatchDelete`, body: idsBody }, async ({ user, body }) =>
      R.status((await store.remove(user, body.ids)) > 0),
    );
  },
};

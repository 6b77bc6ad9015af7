import { z } from 'zod';
import type { ResourceRoutes } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { idBody, idField, idListField } from '../../server/blade/operation';
import { changeRun, startRun, type StartedRun } from '../../server/modules/execution/engine';
import { executionSettingsFromEnv } from '../../server/modules/execution/settings';
import { announceWork } from '../../server/modules/execution/wakeups';

/** One task (`id`) or several (`ids`), at most 100 at once; an own time limit per case, else the server's. */
const executeBody = z
  .object({
    id: idField('任务编号').optional().describe('任务编号'),
    ids: idListField('任务编号', { max: 100, allowEmpty: true }),
    timeLimitSeconds: z.number().int().min(1).max(86400).optional().describe('执行时限'),
  })
  .refine((body) => body.id !== undefined || body.ids.length > 0, { message: 'required', path: ['id'] });

/**
 * A task's run under its 执行 button: start (`execute`), pause, resume and end. Each step is one transaction and
 * wakes the waiting agent polls of the run's terminals, in whichever process they wait.
 */
export function runOperations({ operation, store, services }: ResourceRoutes) {
  const { db } = services;
  const base = store.schema.api;

  operation('execute', { body: executeBody }, async ({ user, body }) => {
    const ids = [...new Set(body.id !== undefined ? [body.id, ...body.ids] : body.ids)];
    const timeLimit = body.timeLimitSeconds ?? executionSettingsFromEnv().defaultTimeLimitSeconds;
    const runs = await db.transaction(async (tx) => {
      const started: StartedRun[] = [];
      for (const id of ids) started.push(await startRun(tx, user, id, timeLimit));
      return started;
    });
    for (const run of runs) for (const terminalId of run.terminalIds) await announceWork(db, terminalId);
    return R.data(runs);
  });

  for (const action of ['pause', 'resume', 'end'] as const) {
    operation('execute', { path: `${base}/${action}`, body: idBody }, async ({ user, body }) => {
      const state = await db.transaction((tx) => changeRun(tx, user, body.id, action));
      for (const terminalId of state.terminalIds) await announceWork(db, terminalId);
      return R.data(state);
    });
  }
}

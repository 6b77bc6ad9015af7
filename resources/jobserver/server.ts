import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { idBody } from '../../server/blade/operation';
import { rearmJobs } from '../../server/jobs/scheduler';
import { scopedWhere } from '../../server/blade/scope';

/** 同步: the next trigger of every job of the app, recomputed from now (after a long stop, or to skip a missed run). */
export const behaviour: ResourceBehaviour = {
  routes({ operation, store, services }) {
    operation('sync', { query: idBody }, async ({ user, query: { id } }) => {
      const [app] = await store.byIds(user, [id]);
      if (!app) throw badRequest('任务应用不存在');
      // Every job of the app is re-armed (as `rearmJobs` does), whoever created it.
      const scope = scopedWhere(user, {}, 'job_server_id = $1', [id]);
      const [{ n }] = await services.db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_job_info WHERE ${scope.where}`, scope.values);
      const scheduled = await rearmJobs(services.db, user.tenantId, 'job_server_id = $2', [id]);
      return R.data({ synced: Number(n), scheduled });
    });
  },
};

import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { idBody } from '../../server/blade/operation';
import { rearmJobs } from '../../server/jobs/scheduler';

/** 同步: the next trigger of every job of the app, recomputed from now (after a long stop, or to skip a missed run). */
export const behaviour: ResourceBehaviour = {
  routes({ operation, store, services }) {
    operation('sync', { query: idBody }, async ({ user, query: { id } }) => {
      const [app] = await store.byIds(user, [id]);
      if (!app) throw badRequest('任务应用不存在');
      const [{ n }] = await services.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM blade_job_info WHERE tenant_id = $1 AND job_server_id = $2 AND is_deleted = 0',
        [user.tenantId, id],
      );
      const scheduled = await rearmJobs(services.db, user.tenantId, 'job_server_id = $2', [id]);
      return R.data({ synced: Number(n), scheduled });
    });
  },
};

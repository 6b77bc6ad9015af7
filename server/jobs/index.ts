import type { ServerServices } from '../blade/context';
import type { Db } from '../db/types';
import { executionSettingsFromEnv } from '../modules/execution';
import { outboundPolicy } from '../outbound';
import { JobScheduler } from './scheduler';

const schedulers = new WeakMap<Db, JobScheduler>();

/** The scheduler of a server: one per database, shared by its tick and the 运行 call. */
export function schedulerOf(services: ServerServices): JobScheduler {
  let scheduler = schedulers.get(services.db);
  if (!scheduler) {
    scheduler = new JobScheduler({
      db: services.db,
      policy: outboundPolicy(services.config.outboundAllow ?? []),
      caseTimeLimitSeconds: executionSettingsFromEnv().defaultTimeLimitSeconds,
      inBackground: services.inBackground,
    });
    schedulers.set(services.db, scheduler);
  }
  return scheduler;
}

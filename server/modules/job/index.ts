import type { BladeModule } from '../../blade/context';
import { startTicker } from '../../blade/ticker';
import { schedulerOf } from '../../jobs';

/** How often every process looks for due jobs: CRON's finest step is a second. */
const TICK_MS = 1000;

/**
 * Scheduled jobs (任务调度): each process ticks the scheduler every second until the server closes. The screens'
 * calls (运行, 启停, 同步, 运行记录) are the job resources' own (`resources/jobinfo/server.ts`).
 */
export const jobModule: BladeModule = (_app, services) => {
  if (services.config.scheduler === false) return;
  const scheduler = schedulerOf(services);
  startTicker(services, 'jobs', TICK_MS, () => scheduler.tick());
};

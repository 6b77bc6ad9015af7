import type { Context } from 'hono';
import { discardRestOfBody } from '../blade/body';
import { BladeError } from '../blade/errors';

export const IMPORT_BUSY = '导入任务过多，请稍后再试';
/** What a refused client is told to wait: about one import of a large file. */
const RETRY_AFTER_SECONDS = 5;

export interface ImportGateLimits {
  /** Imports running at once in this process. */
  running: number;
  /** Imports of one tenant running at once: the others' turn is never taken by one tenant's uploads. */
  runningPerTenant: number;
  /** Imports of one tenant waiting for a turn; past it the request is refused with 429. */
  waitingPerTenant: number;
}

interface Waiter {
  tenantId: string;
  start(): void;
}

/**
 * Imports per process: each holds its upload and a bounded table in memory, so only a few run at once. A request
 * waits for a turn (first come, first served among tenants that have a turn free) or, when its tenant already has
 * as many waiting as allowed, is answered 429 with Retry-After before its body is read.
 */
export function createImportGate(limits: ImportGateLimits) {
  const runningBy = new Map<string, number>();
  const waitingBy = new Map<string, number>();
  const queue: Waiter[] = [];
  let running = 0;
  const count = (map: Map<string, number>, tenantId: string, delta: number) => {
    const next = (map.get(tenantId) ?? 0) + delta;
    if (next === 0) map.delete(tenantId);
    else map.set(tenantId, next);
  };
  const mayStart = (tenantId: string) => running < limits.running && (runningBy.get(tenantId) ?? 0) < limits.runningPerTenant;
  const begin = (tenantId: string) => {
    running += 1;
    count(runningBy, tenantId, 1);
  };
  const startWaiters = () => {
    for (let index = 0; index < queue.length && running < limits.running; ) {
      const waiter = queue[index];
      if (!mayStart(waiter.tenantId)) {
        index += 1;
        continue;
      }
      queue.splice(index, 1);
      count(waitingBy, waiter.tenantId, -1);
      begin(waiter.tenantId);
      waiter.start();
    }
  };
  const end = (tenantId: string) => {
    running -= 1;
    count(runningBy, tenantId, -1);
    startWaiters();
  };

  return {
    /** Runs `work` in a turn of the caller's tenant; a refusal is a 429 BladeError (Retry-After set on `c`). */
    async run<T>(c: Context, tenantId: string, work: () => Promise<T>): Promise<T> {
      if (!mayStart(tenantId) || queue.length > 0) {
        if ((waitingBy.get(tenantId) ?? 0) >= limits.waitingPerTenant) {
          await discardRestOfBody(c);
          c.header('Retry-After', String(RETRY_AFTER_SECONDS));
          throw new BladeError(429, IMPORT_BUSY);
        }
        count(waitingBy, tenantId, 1);
        await new Promise<void>((start) => {
          queue.push({ tenantId, start });
          // A turn may be free for this tenant although others wait (they wait on their own tenant's turn).
          startWaiters();
        });
      } else {
        begin(tenantId);
      }
      try {
        return await work();
      } finally {
        end(tenantId);
      }
    },
    /** Imports running and waiting now (for tests and logs). */
    state: () => ({ running, waiting: queue.length }),
  };
}

/** The gate of this process: two imports at once, one per tenant, three more of each tenant waiting. */
export const importGate = createImportGate({ running: 2, runningPerTenant: 1, waitingPerTenant: 3 });

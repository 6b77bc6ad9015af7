import { tenantWhere } from '../blade/scope';
import type { Db } from '../db/types';

/** How often a tenant's jobs may run and how many may be on: the scheduler ticks for every tenant in one process. */
export interface JobLimits {
  /** Shortest time between two runs of a timed job (CRON, fixed rate, fixed delay), in seconds. */
  minIntervalSeconds: number;
  /** Tenants the server's administrator lets run jobs every second. */
  fastTenants: string[];
  /** Enabled jobs one tenant may have. */
  maxEnabledPerTenant: number;
}

/** What a tenant in `fastTenants` may schedule: CRON's finest step. */
export const FAST_INTERVAL_SECONDS = 1;

const positiveInteger = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

/** Read at every save, as the execution settings are: `BLADE_JOB_MIN_INTERVAL`, `BLADE_JOB_FAST_TENANTS`, `BLADE_JOB_MAX_ENABLED`. */
export function jobLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): JobLimits {
  return {
    minIntervalSeconds: positiveInteger(env.BLADE_JOB_MIN_INTERVAL, 10),
    fastTenants: (env.BLADE_JOB_FAST_TENANTS ?? '').split(',').map((tenant) => tenant.trim()).filter(Boolean),
    maxEnabledPerTenant: positiveInteger(env.BLADE_JOB_MAX_ENABLED, 100),
  };
}

export const minIntervalOf = (limits: JobLimits, tenantId: string) =>
  limits.fastTenants.includes(tenantId) ? FAST_INTERVAL_SECONDS : limits.minIntervalSeconds;

/**
 * The refusal of one more enabled job in the tenant (`exceptId`: the job being turned on or saved, not counted),
 * or undefined while the tenant is under its cap.
 */
export async function enabledCapProblem(db: Db, limits: JobLimits, tenantId: string, exceptId: string): Promise<string | undefined> {
  // Every enabled job of the tenant counts, whoever may see it.
  const scope = tenantWhere(tenantId, {}, 'enable = 1 AND id <> $1', [exceptId]);
  const [{ n }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_job_info WHERE ${scope.where}`, scope.values);
  if (Number(n) < limits.maxEnabledPerTenant) return undefined;
  return `是否开启: 每个租户最多开启${limits.maxEnabledPerTenant}个任务，请先停用其他任务`;
}

import type { ExecutionSettings } from './engine';

const positiveSeconds = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
};

/** The watchdog's and the runs' limits, from the environment (seconds; an unset or invalid value keeps the default). */
export function executionSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ExecutionSettings {
  return {
    graceSeconds: positiveSeconds(env.BLADE_AGENT_GRACE_SECONDS, 60),
    offlineSeconds: positiveSeconds(env.BLADE_AGENT_OFFLINE_SECONDS, 30),
    defaultTimeLimitSeconds: positiveSeconds(env.BLADE_CASE_TIME_LIMIT_SECONDS, 600),
  };
}

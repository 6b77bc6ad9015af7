import type { ExecutionSettings } from './engine';

const positiveNumber = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
};

const MIB = 1024 * 1024;

/** The watchdog's and the runs' limits, from the environment (an unset or invalid value keeps the default). */
export function executionSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ExecutionSettings {
  return {
    graceSeconds: positiveNumber(env.BLADE_AGENT_GRACE_SECONDS, 60),
    offlineSeconds: positiveNumber(env.BLADE_AGENT_OFFLINE_SECONDS, 30),
    defaultTimeLimitSeconds: positiveNumber(env.BLADE_CASE_TIME_LIMIT_SECONDS, 600),
    attachments: {
      fileBytes: Math.floor(positiveNumber(env.BLADE_ATTACHMENT_MAX_BYTES, 10 * MIB)),
      caseBytes: Math.floor(positiveNumber(env.BLADE_ATTACHMENT_CASE_MAX_BYTES, 50 * MIB)),
      caseFiles: Math.floor(positiveNumber(env.BLADE_ATTACHMENT_CASE_MAX_FILES, 50)),
    },
  };
}

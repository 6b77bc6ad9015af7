import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, BladeModule } from '../../blade/context';
import { formBody, limitBody } from '../../blade/body';
import { R, send } from '../../blade/envelope';
import { BladeError, MSG, badRequest, forbidden, unauthorized } from '../../blade/errors';
import { idField } from '../../blade/operation';
import { hasMenu, requireMenu } from '../../blade/permissions';
import { parsePaging } from '../../blade/query';
import { formatDateTime } from '../../blade/serializer';
import { requiredQueryId } from '../../blade/validate';
import type { Db } from '../../db/types';
import { tenantObjectKey } from '../../storage/keys';
import type { ObjectStore, TenantStores } from '../../storage/types';
import { AGENT_FILE_PATH } from '../../../resources/terminal/agentCommands';
import { attachmentName, fileTooLarge } from '../../../agent/outputFolder';
import {
  CASE_RESULTS,
  claimNext,
  recordResult,
  releaseClaim,
  heartbeat,
  sweep,
  appendLog,
  type AgentTerminal,
  type ClaimedCase,
  type ExecutionSettings,
} from './engine';
import { holdsDemoResources } from '../../db/seed-demo';
import { attachmentDownload, storeAttachment } from './attachments';
import { seedExecutionDemo } from './demo';
import { runJunitResponse, runXlsx } from './export';
import { listReports, listRuns, reportTrend, runDetail, runProgress } from './read';
import { agentInfo, authenticateAgent, hearTokenChanges } from './tokens';
import { executionSettingsFromEnv } from './settings';
import { announceWork, hearWakeUps, waitForWork } from './wakeups';
import { BoundedCache, processWide } from '../../bounded-cache';

export { executionSettingsFromEnv };

/**
 * Test execution: the runs and reports a task's screen reads, a terminal's agent state, and the agent protocol under
 * `/api/blade-agent/` (terminal token instead of a user's JWT). Starting, pausing, resuming and ending a run are the
 * task's operations (resources/task/runs.ts); agent tokens the terminal's (resources/terminal/server.ts).
 */

const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const AGENT = '/api/blade-agent/';
/** User auth does not apply below the agent prefix; every agent route checks the terminal token itself. */
export const EXECUTION_PUBLIC_PATHS = [AGENT];

/** A presigned script URL lives this long: enough to download it, not to keep it. */
const SCRIPT_URL_SECONDS = 600;
/**
 * One URL per script for half its life: every case of the script gets the same link, so the server signs once and an
 * agent downloads the script once (it keeps what it fetched by URL) instead of once per case.
 */
const SCRIPT_URL_REUSE_MS = (SCRIPT_URL_SECONDS * 1000) / 2;
const scriptUrls = processWide(new BoundedCache<string, { url: string; until: number }>('scriptUrls', { maxEntries: 2000 }));
/**
 * A waiting poll looks for work this often besides its wake-ups (a run started, resumed or ended wakes its terminals'
 * polls in every process): for work that arrives without one, as a case given back by a poll that hung up.
 */
const RELOOK_MS = 5000;
/** What an attachment's multipart body may hold beyond the file: its boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Longest long-poll of `next`: below common proxy idle timeouts. */
const MAX_POLL_SECONDS = 25;

// ---- bodies ----

const idSchema = idField();

const heartbeatBody = z.object({ caseId: idSchema.optional() });
const logBody = z.object({ caseId: idSchema, chunk: z.string().max(256 * 1024) });
const resultBody = z.object({
  caseId: idSchema,
  status: z.enum(CASE_RESULTS),
  exitCode: z.number().int().nullable().optional(),
  durationMs: z.number().min(0).max(7 * 24 * 3600 * 1000),
  logTail: z.string().max(256 * 1024).optional(),
  log: z.string().max(256 * 1024).optional(),
  message: z.string().max(255).optional(),
  next: z.boolean().optional(),
});

/** A JSON body checked by `schema`; any problem is a 400 naming the field. */
async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest(`${MSG.paramInvalid}: 请求体不是合法的 JSON`);
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue.path.join('.') || '请求体';
    throw badRequest(`${MSG.paramInvalid}: ${field} ${issue.message}`);
  }
  return result.data;
}

const queryId = (c: Context, name = 'id') => requiredQueryId(c.req.query(), name);

const limitAgentBody = (maxSize: number) =>
  limitBody(maxSize, () => {
    throw new BladeError(413, '请求体过大', 413);
  });

export interface ExecutionOptions {
  store?: ObjectStore;
  settings?: Partial<ExecutionSettings>;
}

export function createExecutionModule(options: ExecutionOptions = {}): BladeModule {
  return (app, services) => {
    const { db } = services;
    const settings: ExecutionSettings = { ...executionSettingsFromEnv(), ...options.settings };
    const storeOf = () => options.store ?? services.storage;
    const lifetime = services.lifetime ?? new AbortController().signal;

    let lastSweep = 0;
    let failing = false;
    const sweepNow = async () => {
      lastSweep = Date.now();
      try {
        await sweep(db, settings);
        failing = false;
      } catch (error) {
        if (!failing) console.error('[execution] watchdog sweep failed:', error);
        failing = true;
      }
    };
    /** Polls also sweep, at most once a second per process. */
    const sweepSoon = () => (Date.now() - lastSweep >= 1000 ? sweepNow() : Promise.resolve());
    const interval = Math.min(15_000, Math.max(500, (settings.graceSeconds * 1000) / 3));
    const timer = setInterval(() => void sweepNow(), interval);
    timer.unref();
    lifetime.addEventListener('abort', () => clearInterval(timer));

    // Needs object storage for its scripts, so it is made here rather than with the rest of the demo data.
    const store = storeOf();
    if (store && holdsDemoResources(services.registry)) {
      const seeding = seedExecutionDemo(db, store).catch((error: unknown) => console.error('[execution] demo task not seeded:', error));
      services.inBackground?.(seeding);
    }

    services.inBackground?.(hearWakeUps(db, lifetime));
    services.inBackground?.(hearTokenChanges(db, lifetime));
    registerUserRoutes(app, db, services.objects);
    // A script is fetched from the store it was uploaded to (the tenant may have switched storage since).
    const scriptStoreOf = (objectKey: string) => (options.store ? Promise.resolve(options.store) : services.objects.locate(objectKey));
    registerAgentRoutes(app, { db, objects: services.objects, settings }, scriptStoreOf, sweepSoon, lifetime);
    serveAgentFile(app, services.config.staticDir);
  };
}

export const executionModule = createExecutionModule();

function registerUserRoutes(app: Parameters<BladeModule>[0], db: Db, objects: TenantStores) {
  app.get(`${TASK}/runs`, requireMenu(db, 'task'), async (c) => {
    return send(c, R.data(await listRuns(db, c.get('user'), queryId(c, 'taskId'), parsePaging(c.req.query()))));
  });

  // What a screen following a run polls: counts and change markers of the latest run, cheap to read every few seconds.
  app.get(`${TASK}/run-progress`, requireMenu(db, 'task'), async (c) => {
    const taskId = queryId(c, 'taskId');
    const progress = await runProgress(db, c.get('user'), taskId);
    if (!progress) throw badRequest(`任务不存在: ${taskId}`);
    return send(c, R.data(progress));
  });

  // The execution record screen shows the same detail, by the record's id.
  app.get(`${TASK}/run-detail`, async (c) => {
    const user = c.get('user');
    if (!(await hasMenu(db, user, 'task')) && !(await hasMenu(db, user, 'taskrecord'))) throw forbidden();
    const key = c.req.query('recordId') !== undefined ? { recordId: queryId(c, 'recordId') } : { id: queryId(c) };
    const detail = await runDetail(db, user, key);
    if (!detail) throw badRequest('执行记录不存在');
    return send(c, R.data(detail));
  });

  // The run as a file: `format=xlsx` (default) or `junit` (JUnit XML for CI systems).
  app.get(`${TASK}/run-export`, async (c) => {
    const user = c.get('user');
    if (!(await hasMenu(db, user, 'task')) && !(await hasMenu(db, user, 'taskrecord'))) throw forbidden();
    const format = c.req.query('format') || 'xlsx';
    if (format !== 'xlsx' && format !== 'junit') throw badRequest(`${MSG.paramType}: format`);
    const key = c.req.query('recordId') !== undefined ? { recordId: queryId(c, 'recordId') } : { id: queryId(c) };
    const detail = await runDetail(db, user, key);
    if (!detail) throw badRequest('执行记录不存在');
    return format === 'junit' ? runJunitResponse(detail) : runXlsx(detail);
  });

  // A file a case's script left in its output folder, from the run's view.
  app.get(`${TASK}/run-attachment`, async (c) => {
    const user = c.get('user');
    if (!(await hasMenu(db, user, 'task')) && !(await hasMenu(db, user, 'taskrecord'))) throw forbidden();
    return attachmentDownload(db, objects, user, queryId(c));
  });

  app.get(`${TASK}/reports`, requireMenu(db, 'task'), async (c) => {
    return send(c, R.data(await listReports(db, c.get('user'), queryId(c, 'taskId'), parsePaging(c.req.query()))));
  });

  app.get(`${TASK}/report-trend`, requireMenu(db, 'task'), async (c) => {
    const limitText = c.req.query('limit');
    const limit = limitText === undefined || limitText === '' ? 10 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw badRequest(`${MSG.paramType}: limit`);
    return send(c, R.data(await reportTrend(db, c.get('user'), queryId(c, 'taskId'), limit)));
  });

  app.get(`${TERMINAL}/agent`, requireMenu(db, 'terminal'), async (c) => {
    return send(c, R.data(await agentInfo(db, c.get('user'), queryId(c))));
  });
}

/**
 * The agent as one file (built by `npm run build` beside the app): a bench fetches it without a token and runs it
 * with Node, so it needs neither this repository nor its packages. Read per request: a rebuild is served at once.
 */
function serveAgentFile(app: Parameters<BladeModule>[0], staticDir: string | undefined) {
  app.get(AGENT_FILE_PATH, async (c) => {
    const source = staticDir ? await readFile(join(staticDir, 'agent', 'agent.mjs')).catch(() => undefined) : undefined;
    if (!source) return c.text('终端代理尚未构建：请先运行 npm run build', 404);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(source));
  });
}

function registerAgentRoutes(
  app: Parameters<BladeModule>[0],
  { db, objects, settings }: { db: Db; objects: TenantStores; settings: ExecutionSettings },
  storeOf: (objectKey: string) => Promise<ObjectStore>,
  sweepSoon: () => Promise<void>,
  lifetime: AbortSignal,
) {
  const agentOf = async (c: Context<BladeEnv>): Promise<AgentTerminal> => {
    const terminal = await authenticateAgent(db, c.req.header('authorization'), c.req.header('terminal-code'));
    if (!terminal) throw unauthorized();
    return terminal;
  };

  app.post(`${AGENT}heartbeat`, limitAgentBody(16 * 1024), async (c) => {
    const terminal = await agentOf(c);
    const { caseId } = await readBody(c, heartbeatBody);
    const { kill } = await heartbeat(db, terminal, caseId);
    await sweepSoon();
    return send(c, R.data({ terminalCode: terminal.terminalCode, kill, serverTime: formatDateTime(new Date()) }));
  });

  /** The claimed case as the agent gets it, with a link to its script (one per script, reused for a while). */
  const assignment = async (terminal: AgentTerminal, claimed: ClaimedCase) => {
    const objectKey = tenantObjectKey(terminal.tenantId, claimed.scriptKey);
    let link = scriptUrls.get(objectKey);
    if (!link || link.until < Date.now()) {
      const store = await storeOf(objectKey);
      // Relative to this server with the embedded store: the agent resolves it against its --server.
      link = { url: await store.presignGet(objectKey, SCRIPT_URL_SECONDS), until: Date.now() + SCRIPT_URL_REUSE_MS };
      scriptUrls.set(objectKey, link);
    }
    return { ...claimed, scriptUrl: link.url, attachmentLimits: settings.attachments };
  };

  /**
   * The next case for an agent asking for work, waiting for one until `deadline`; null when none came. A case taken
   * while the agent hung up is given back.
   */
  const nextCase = async (c: Context<BladeEnv>, terminal: AgentTerminal, deadline: number, { afterResult = false } = {}) => {
    // A poll ends early when its agent hangs up or the server closes (made only for a poll that waits).
    let signal: AbortSignal | undefined;
    for (let look = 0; ; look++) {
      await sweepSoon();
      // The first look of a poll: the agent runs nothing, so a case of its terminal still running was lost (not so
      // right after a result: the case reported was the one it ran).
      const claimed = await claimNext(db, terminal, { failLost: look === 0 && !afterResult, idleUnlessTaken: look === 0 });
      if (claimed && c.req.raw.signal.aborted) {
        await releaseClaim(db, terminal, claimed.caseId);
        await announceWork(db, terminal.terminalId);
        return null;
      }
      if (claimed) {
        try {
          return await assignment(terminal, claimed);
        } catch {
          await recordResult(db, terminal, { caseId: claimed.caseId, status: 'error', durationMs: 0, message: '脚本地址生成失败' });
          continue;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      signal ??= AbortSignal.any([c.req.raw.signal, lifetime]);
      if (signal.aborted) return null;
      await waitForWork(terminal.terminalId, Math.min(left, RELOOK_MS), signal);
    }
  };

  /** Long poll: the next case for this terminal, or `data: null` after `wait` seconds (≤ 25). */
  app.get(`${AGENT}next`, async (c) => {
    const terminal = await agentOf(c);
    const waitText = c.req.query('wait');
    const wait = waitText === undefined || waitText === '' ? MAX_POLL_SECONDS : Number(waitText);
    if (!Number.isFinite(wait) || wait < 0) throw badRequest(`${MSG.paramType}: wait`);
    return send(c, R.data(await nextCase(c, terminal, Date.now() + Math.min(wait, MAX_POLL_SECONDS) * 1000)));
  });

  app.post(`${AGENT}log`, limitAgentBody(512 * 1024), async (c) => {
    const terminal = await agentOf(c);
    const { caseId, chunk } = await readBody(c, logBody);
    const kill = await appendLog(db, terminal, caseId, chunk);
    return send(c, R.data({ kill }));
  });

  /** One file of the case's output folder: multipart field `file`; `caseId` and its `name` (path in the folder) as parameters. */
  app.post(
    `${AGENT}attachment`,
    // The form's own parts come on top of the file; a file just over the limit is refused below, naming its size.
    limitBody(settings.attachments.fileBytes + MULTIPART_OVERHEAD_BYTES, (c) => {
      throw badRequest(fileTooLarge(attachmentName(c.req.query('name') ?? ''), undefined, settings.attachments));
    }),
    async (c) => {
      const terminal = await agentOf(c);
      const caseId = queryId(c, 'caseId');
      const { file } = await formBody(c);
      if (!(file instanceof File)) throw badRequest(`${MSG.paramInvalid}: file`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const saved = await storeAttachment(db, objects, terminal, { caseId, name: c.req.query('name') ?? '', bytes }, settings.attachments);
      return send(c, R.data(saved));
    },
  );

  /**
   * A case's result. With `next: true` the answer also brings the terminal's next case if one is waiting (`next`:
   * the case, or null: then poll `next`), so a busy agent makes one call per case.
   */
  app.post(`${AGENT}result`, limitAgentBody(512 * 1024), async (c) => {
    const terminal = await agentOf(c);
    const { next, ...report } = await readBody(c, resultBody);
    const accepted = await recordResult(db, terminal, report);
    if (!next) return send(c, R.data({ accepted }));
    return send(c, R.data({ accepted, next: await nextCase(c, terminal, Date.now(), { afterResult: true }) }));
  });
}

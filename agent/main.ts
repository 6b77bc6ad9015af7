/**
 * The terminal agent: runs on a test bench, takes the cases of its terminal from the server and runs their python
 * scripts. Only Node built-ins: `npm run build` makes it one file the server hands out at `/agent/agent.mjs`, so a
 * bench needs Node ≥ 20 and python3, not this repository.
 *
 *   curl -fsSO http://localhost:8080/agent/agent.mjs
 *   BLADE_AGENT_TOKEN=bta_... node agent.mjs --server http://localhost:8080 --terminal TM-001
 *
 * (From a checkout: `BLADE_AGENT_TOKEN=bta_... npm run agent -- --server ... --terminal ...`.)
 *
 * Heartbeat every few seconds; long-poll `next`; download the script with its presigned URL; run `python3 script`
 * (no shell) in a temp dir under the case's time limit; stream its output; upload the files the script wrote into
 * its output folder (`BLADE_OUTPUT_DIR`) as the case's attachments, within the server's limits; post the result. A
 * case the server says to stop (its run was ended) is killed and reported as terminated. SIGINT/SIGTERM stop cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { attachmentName, caseTooLarge, fileTooLarge, OUTPUT_DIR_VARIABLE, sizeText, tooManyFiles, type AttachmentLimits } from './outputFolder';
import { scriptLocation } from './scriptLocation';

interface Options {
  server: string;
  terminal: string;
  token: string;
  heartbeatSeconds: number;
  python: string;
}

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

interface AssignedCase {
  caseId: string;
  runId: string;
  taskCode: string;
  caseCode: string;
  caseTitle: string;
  scriptName: string;
  scriptUrl: string;
  timeLimitSeconds: number;
  /** What the server keeps of the output folder (a server without attachments sends none: nothing is collected). */
  attachmentLimits?: AttachmentLimits;
}

type CaseStatus = 'passed' | 'failed' | 'error' | 'timeout' | 'terminated';
type KillReason = 'timeout' | 'terminated' | 'shutdown';

const LOG_FLUSH_MS = 1000;
const LOG_FLUSH_BYTES = 16 * 1024;
const TAIL_CHARS = 8 * 1024;
const POLL_SECONDS = 25;
/** Scripts kept by their download link: the server hands every case of a script one link for a while. */
const KEPT_SCRIPTS = 32;
/** Entries of an output folder looked at, at most: a script that writes a million files does not stall the agent. */
const MAX_OUTPUT_ENTRIES = 1000;

const log = (message: string) => console.log(`${new Date().toISOString()} [agent] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class AuthError extends Error {}
/** The server refused an upload and said why (its message names the file). */
class RefusedError extends Error {}

/** The regular files under `root`, in name order, at most MAX_OUTPUT_ENTRIES entries looked at. */
async function listFiles(root: string): Promise<{ path: string; size: number }[]> {
  const files: { path: string; size: number }[] = [];
  let seen = 0;
  const walk = async (dir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++seen > MAX_OUTPUT_ENTRIES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push({ path, size: (await stat(path)).size });
    }
  };
  await walk(root);
  return files;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      terminal: { type: 'string' },
      token: { type: 'string' },
      heartbeat: { type: 'string' },
      python: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const usage =
    'usage: BLADE_AGENT_TOKEN=TOKEN node agent.mjs --server URL --terminal CODE [--heartbeat SECONDS] [--python python3]\n' +
    '       (--token TOKEN is accepted too, but shows the token in the process list)';
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const token = values.token ?? process.env.BLADE_AGENT_TOKEN;
  if (!values.server || !values.terminal || !token) {
    console.error(usage);
    process.exit(2);
  }
  const heartbeatSeconds = Number(values.heartbeat ?? 5);
  return {
    server: values.server.replace(/\/+$/, ''),
    terminal: values.terminal,
    token,
    heartbeatSeconds: Number.isFinite(heartbeatSeconds) && heartbeatSeconds > 0 ? heartbeatSeconds : 5,
    python: values.python ?? 'python3',
  };
}

class Agent {
  private stopping = false;
  private pollAbort = new AbortController();
  private current: { caseId: string; kill(reason: KillReason): void } | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private readonly scripts = new Map<string, Uint8Array>();
  exitCode = 0;

  constructor(private readonly options: Options) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.token}`, 'Terminal-Code': this.options.terminal };
    const init: RequestInit = { method, headers, signal };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    const response = await fetch(`${this.options.server}/api/blade-agent/${path}`, init);
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code === 401) throw new AuthError('终端令牌无效、已吊销或不属于该终端');
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  async run(): Promise<void> {
    log(`terminal ${this.options.terminal} → ${this.options.server}`);
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatSeconds * 1000);
    // A result's answer may bring the next case: then there is no poll in between.
    let assigned: AssignedCase | null = null;
    while (!this.stopping) {
      if (!assigned) {
        try {
          assigned = await this.call<AssignedCase | null>('GET', `next?wait=${POLL_SECONDS}`, undefined, this.pollAbort.signal);
        } catch (error) {
          if (this.stopping) break;
          if (error instanceof AuthError) return this.fail(error);
          log(`poll failed (${(error as Error).message}); retrying`);
          await sleep(2000);
          continue;
        }
      }
      assigned = assigned ? await this.runCase(assigned) : null;
    }
    this.stopHeartbeat();
  }

  private async heartbeat(): Promise<void> {
    const asked = this.current;
    try {
      const answer = await this.call<{ kill: boolean }>('POST', 'heartbeat', asked ? { caseId: asked.caseId } : {});
      // Only the case asked about: it may have ended, and the next one begun, while the answer was on its way.
      if (answer.kill && asked && this.current === asked) asked.kill('terminated');
    } catch (error) {
      if (error instanceof AuthError) this.fail(error);
      else log(`heartbeat failed: ${(error as Error).message}`);
    }
  }

  private fail(error: Error) {
    log(error.message);
    this.exitCode = 3;
    this.stop();
  }

  private stopHeartbeat() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  /** Stops taking cases; a running case is killed and reported. */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.pollAbort.abort();
    this.current?.kill('shutdown');
    if (!this.current) this.stopHeartbeat();
  }

  /** Runs the case and reports it; answers the next case when the report brought one. */
  private async runCase(assigned: AssignedCase): Promise<AssignedCase | null> {
    log(`case ${assigned.caseCode || assigned.caseId} of ${assigned.taskCode}: ${assigned.scriptName} (limit ${assigned.timeLimitSeconds} s)`);
    const dir = await mkdtemp(join(tmpdir(), 'blade-agent-'));
    const outputDir = join(dir, 'output');
    await mkdir(outputDir);
    const started = Date.now();
    try {
      const { unsent, ...result } = await this.execute(assigned, dir, outputDir);
      const durationMs = Date.now() - started;
      const notes = await this.collectOutput(assigned, outputDir);
      log(`case ${assigned.caseCode || assigned.caseId}: ${result.status}${result.exitCode === null ? '' : ` (exit ${result.exitCode})`} in ${durationMs} ms`);
      // The output not posted yet and the attachment notes travel with the result: a short case costs one post.
      return await this.postResult({ caseId: assigned.caseId, durationMs, ...result, log: unsent + notes });
    } finally {
      this.current = undefined;
      await rm(dir, { recursive: true, force: true });
      if (this.stopping) this.stopHeartbeat();
    }
  }

  private async execute(assigned: AssignedCase, dir: string, outputDir: string) {
    let script = this.scripts.get(assigned.scriptUrl);
    if (!script) {
      try {
        const response = await fetch(scriptLocation(assigned.scriptUrl, this.options.server));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        script = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        return { status: 'error' as CaseStatus, exitCode: null, message: `脚本下载失败: ${(error as Error).message}`.slice(0, 255), logTail: '', unsent: '' };
      }
      this.scripts.set(assigned.scriptUrl, script);
      if (this.scripts.size > KEPT_SCRIPTS) this.scripts.delete(this.scripts.keys().next().value!);
    }
    const name = assigned.scriptName.replace(/[^\w.-]/g, '_').replace(/^\.+/, '') || 'script.py';
    const file = join(dir, name);
    await writeFile(file, script);
    return this.spawnScript(assigned, dir, file, outputDir);
  }

  private spawnScript(assigned: AssignedCase, dir: string, file: string, outputDir: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8', [OUTPUT_DIR_VARIABLE]: outputDir };
    delete env.BLADE_AGENT_TOKEN;
    /** `unsent`: the output not posted while the case ran, for its result to carry. */
    type Outcome = { status: CaseStatus; exitCode: number | null; message?: string; logTail: string; unsent: string };
    return new Promise<Outcome>((resolve) => {
      // Its own process group, so a kill reaches whatever the script started too.
      const child: ChildProcess = spawn(this.options.python, [file], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let killed: KillReason | undefined;
      let spawnError: Error | undefined;
      let tail = '';
      let pending = '';
      let sending = Promise.resolve();

      const flush = () => {
        if (pending === '') return;
        const chunk = pending;
        pending = '';
        sending = sending.then(async () => {
          try {
            const answer = await this.call<{ kill: boolean }>('POST', 'log', { caseId: assigned.caseId, chunk });
            if (answer.kill) kill('terminated');
          } catch (error) {
            log(`log upload failed: ${(error as Error).message}`);
          }
        });
      };
      const onOutput = (text: string) => {
        pending += text;
        tail = (tail + text).slice(-TAIL_CHARS);
        if (pending.length >= LOG_FLUSH_BYTES) flush();
      };
      const kill = (reason: KillReason) => {
        if (killed || child.exitCode !== null || child.pid === undefined) return;
        killed = reason;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };

      this.current = { caseId: assigned.caseId, kill };
      // Decoded by the streams, so a character split across two reads stays whole.
      child.stdout?.setEncoding('utf8').on('data', onOutput);
      child.stderr?.setEncoding('utf8').on('data', onOutput);
      const flusher = setInterval(flush, LOG_FLUSH_MS);
      const limit = setTimeout(() => kill('timeout'), assigned.timeLimitSeconds * 1000);
      child.on('error', (error) => {
        spawnError = error;
      });
      child.on('close', async (code) => {
        clearInterval(flusher);
        clearTimeout(limit);
        await sending;
        const unsent = pending;
        pending = '';
        const end = { logTail: tail, unsent };
        if (spawnError) return resolve({ status: 'error', exitCode: null, message: `无法启动 ${this.options.python}: ${spawnError.message}`.slice(0, 255), ...end });
        if (killed === 'timeout') return resolve({ status: 'timeout', exitCode: code, message: `超过时限 ${assigned.timeLimitSeconds} 秒`, ...end });
        if (killed === 'terminated') return resolve({ status: 'terminated', exitCode: code, message: '任务已结束，用例被终止', ...end });
        if (killed === 'shutdown') return resolve({ status: 'error', exitCode: code, message: '终端代理已停止', ...end });
        resolve({ status: code === 0 ? 'passed' : 'failed', exitCode: code, ...end });
      });
    });
  }

  /**
   * Uploads the regular files of the output folder (symbolic links are not followed) as the case's attachments, in
   * name order, skipping what is over a limit; answers what was kept and what not, as lines for the case's log.
   */
  private async collectOutput(assigned: AssignedCase, outputDir: string): Promise<string> {
    const limits = assigned.attachmentLimits;
    if (!limits) return '';
    const files = await listFiles(outputDir).catch(() => []);
    const notes: string[] = [];
    let keptFiles = 0;
    let keptBytes = 0;
    for (const file of files) {
      const name = attachmentName(relative(outputDir, file.path).split(sep).join('/'));
      if (!name) continue;
      if (file.size > limits.fileBytes) notes.push(fileTooLarge(name, file.size, limits));
      else if (keptFiles >= limits.caseFiles) notes.push(tooManyFiles(name, limits));
      else if (keptBytes + file.size > limits.caseBytes) notes.push(caseTooLarge(name, limits));
      else {
        try {
          await this.upload(assigned.caseId, name, await readFile(file.path));
          keptFiles++;
          keptBytes += file.size;
          notes.push(`附件 ${name} 已上传（${sizeText(file.size)}）`);
        } catch (error) {
          if (error instanceof AuthError) throw error;
          notes.push(error instanceof RefusedError ? error.message : `附件 ${name} 上传失败：${(error as Error).message}`);
        }
      }
    }
    for (const note of notes) log(note);
    return notes.map((note) => `[agent] ${note}\n`).join('');
  }

  private async upload(caseId: string, name: string, bytes: Uint8Array): Promise<void> {
    const query = new URLSearchParams({ caseId, name });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), name.split('/').pop() || 'file');
    const response = await fetch(`${this.options.server}/api/blade-agent/attachment?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.options.token}`, 'Terminal-Code': this.options.terminal },
      body: form,
    });
    const envelope = (await response.json()) as Envelope<unknown>;
    if (envelope.code === 401) throw new AuthError('终端令牌无效、已吊销或不属于该终端');
    if (envelope.code === 400) throw new RefusedError(envelope.msg);
    if (envelope.code !== 200) throw new Error(`${envelope.code} ${envelope.msg}`);
  }

  /** A result is the one thing not to lose: a few retries before giving up (the watchdog then closes the case). */
  private async postResult(result: {
    caseId: string;
    status: CaseStatus;
    exitCode: number | null;
    durationMs: number;
    message?: string;
    logTail: string;
    log: string;
  }): Promise<AssignedCase | null> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        // A stopping agent takes no further case.
        const answer = await this.call<{ next?: AssignedCase | null }>('POST', 'result', { ...result, next: !this.stopping });
        return this.stopping ? null : (answer.next ?? null);
      } catch (error) {
        if (error instanceof AuthError) {
          this.fail(error);
          return null;
        }
        log(`result upload failed (${(error as Error).message}), attempt ${attempt}`);
        await sleep(1000 * attempt);
      }
    }
    return null;
  }
}

const agent = new Agent(parseOptions(process.argv.slice(2)));
let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    signals++;
    if (signals > 1) process.exit(1);
    log(`${signal}: stopping`);
    agent.stop();
  });
}
agent.run().then(
  () => {
    log('stopped');
    process.exit(agent.exitCode);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

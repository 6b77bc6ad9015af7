/**
 * `npm run bench -- dispatch`: what the run engine costs beside the python it runs. The built server (`npm run
 * serve`'s command) on a fresh data dir, real agents (the built `dist/agent/agent.mjs`, as the printed command runs
 * it) on 100 terminals, one-line python cases:
 *
 * - the python floor: the same script run as many times with the same parallelism, without the product;
 * - one terminal, one agent, 200 cases: wall time, and the server process's CPU (user + system, from /proc) per case;
 * - 100 pollers of the agent's `next` long poll with real terminal tokens for 30 s: errors, how late the empty
 *   answers come, and the server's CPU meanwhile;
 * - a task of 1 000 cases whose terminals are 20 (its own and its 19 child tasks'), 20 agents: wall time against the
 *   floor at parallelism 20, and how many cases each terminal ran.
 *
 * Each figure is the median of `BENCH_DISPATCH_ROUNDS` rounds (3). Measures, never fails on a figure. The server runs
 * with the scheduler off, so no demo job fires in the middle of a measure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registry } from '../../resources/schemas';
import { RUN_STATUS } from '../../resources/task/runStatus';
import { startServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';
import { adminToken, BASIC, serveBuilt } from './served';

const ADMIN_PASSWORD = 'Bench-dispatch-pass1';
const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const SCRIPT = "print('ok')\n";
const TERMINALS = 100;
/** Smaller counts for a quick look: `BENCH_DISPATCH_CASES=50,200` (one terminal, spread). */
const [ONE_TERMINAL_CASES, SPREAD_CASES] = (process.env.BENCH_DISPATCH_CASES ?? '200,1000').split(',').map(Number);
const SPREAD_TERMINALS = 20;
const POLLERS = 100;
const POLL_SECONDS = 30;
const POLL_WAIT_SECONDS = 5;
const ROUNDS = Math.max(1, Number(process.env.BENCH_DISPATCH_ROUNDS) || 3);
/** Which parts run: `BENCH_DISPATCH_PARTS=bare,spread` (default all: one, bare, polls, spread). */
const PARTS = new Set((process.env.BENCH_DISPATCH_PARTS ?? 'one,bare,polls,spread').split(','));
const PYTHON = process.env.BENCH_PYTHON || 'python3';
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

const ENDED = new Set<number>([RUN_STATUS.completed, RUN_STATUS.terminated, RUN_STATUS.failed]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const nowText = () => formatDateTime(new Date());

interface Seeded {
  terminals: { id: string; code: string; token: string }[];
  oneTerminalTask: string;
  spreadTask: string;
}

/** Server process CPU (user + system) in ms so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 3, utime 14, stime 15 (1-based), so 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

function client(url: string, token: string) {
  return async <T>(path: string, json?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
}

/** Cases, each linked to the one script, picked into `taskId`. */
async function insertCases(db: Db, taskId: string, scriptId: string, prefix: string, count: number) {
  const now = nowText();
  for (let index = 0; index < count; index++) {
    const caseId = nextId();
    await db.query(
      `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time)
       VALUES ($1, '000000', $2, $2, $3, 1, $4, $4)`,
      [caseId, `${prefix}-${index + 1}`, scriptId, now],
    );
    await db.query(
      `INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, '000000', $2, $3, $4, $5, $5)`,
      [nextId(), taskId, caseId, index + 1, now],
    );
  }
}

async function insertTask(db: Db, code: string, terminalId: string, parentId = '0'): Promise<string> {
  const id = nextId();
  await db.query(
    `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, parent_id, task_level, create_time, update_time)
     VALUES ($1, '000000', $2, $2, 0, $3, $4, $5, $6, $6)`,
    [id, code, terminalId, parentId, parentId === '0' ? 1 : 2, nowText()],
  );
  return id;
}

/**
 * The product seeded, then through its own HTTP: the script uploaded as the browser uploads it and the terminals'
 * tokens issued; the rows (terminals, cases, tasks) written directly, as a thousand form submits would.
 */
async function seed(dataDir: string): Promise<Seeded> {
  const server = await startServer({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, captcha: false, staticDir: 'dist' }, { resources: registry });
  try {
    const api = client(server.url, await adminToken(server.url, ADMIN_PASSWORD));
    const bytes = new TextEncoder().encode(SCRIPT);
    const credential = await api<{ key: string; uploadUrl: string; headers: Record<string, string> }>(
      `/api/blade-resource/oss/oss-credential?fileName=bench_ok.py&size=${bytes.length}`,
    );
    const put = await fetch(new URL(credential.uploadUrl, server.url), { method: 'PUT', headers: credential.headers, body: bytes });
    if (put.status !== 200) throw new Error(`script upload: HTTP ${put.status}`);
    const scriptId = nextId();
    await server.db.query(
      `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time)
       VALUES ($1, '000000', 'BENCH-DISPATCH-S', $2, '1', 1, $3, $3)`,
      [scriptId, credential.key, nowText()],
    );
    const terminals: Seeded['terminals'] = [];
    for (let index = 1; index <= TERMINALS; index++) {
      const id = nextId();
      const code = `BENCH-T${String(index).padStart(3, '0')}`;
      await server.db.query(
        `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time)
         VALUES ($1, '000000', $2, $2, 0, $3, $3)`,
        [id, code, nowText()],
      );
      const { token } = await api<{ token: string }>(`${TERMINAL}/issueToken?id=${id}`, {});
      terminals.push({ id, code, token });
    }
    const oneTerminalTask = await insertTask(server.db, 'BENCH-ONE', terminals[0].id);
    await insertCases(server.db, oneTerminalTask, scriptId, 'BENCH-ONE-C', ONE_TERMINAL_CASES);
    // The spread task: its own terminal and 19 child tasks on the next 19, each with 1/20 of the cases.
    const spreadTask = await insertTask(server.db, 'BENCH-SPREAD', terminals[0].id);
    const perTask = SPREAD_CASES / SPREAD_TERMINALS;
    await insertCases(server.db, spreadTask, scriptId, 'BENCH-SPREAD-C0', perTask);
    for (let child = 1; child < SPREAD_TERMINALS; child++) {
      const childTask = await insertTask(server.db, `BENCH-SPREAD-${child}`, terminals[child].id, spreadTask);
      await insertCases(server.db, childTask, scriptId, `BENCH-SPREAD-C${child}`, perTask);
    }
    return { terminals, oneTerminalTask, spreadTask };
  } finally {
    await server.close();
  }
}

/** The built server on a free port; `BENCH_DISPATCH_CPU_PROF=dir` writes its CPU profile there when it stops. */
async function serve(serveArgs: string[], dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const profileDir = process.env.BENCH_DISPATCH_CPU_PROF;
  const started = await serveBuilt(serveArgs, {
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    env: { BLADE_SCHEDULER: 'off' },
    nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  started.child.stdout!.resume();
  return started;
}

/** `count` runs of the script with `parallel` at a time, without the product: what the cases cost at the least. */
async function pythonFloor(count: number, parallel: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'blade-bench-floor-'));
  const file = join(dir, 'bench_ok.py');
  writeFileSync(file, SCRIPT);
  try {
    const start = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        await new Promise<void>((resolve, reject) => {
          const child = spawn(PYTHON, [file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.resume();
          child.stderr.resume();
          child.once('error', reject);
          child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`python exited ${code}`))));
        });
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return performance.now() - start;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Agents as the printed command starts them, the token in the environment. */
function startAgents(url: string, terminals: Seeded['terminals']): ChildProcess[] {
  return terminals.map((terminal) =>
    spawn(process.execPath, ['dist/agent/agent.mjs', '--server', url, '--terminal', terminal.code], {
      env: { ...process.env, BLADE_AGENT_TOKEN: terminal.token },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

async function stopAgents(agents: ChildProcess[]) {
  await Promise.all(
    agents.map((agent) =>
      agent.exitCode !== null ? undefined : new Promise((resolve) => {
        agent.once('exit', resolve);
        agent.kill('SIGTERM');
      }),
    ),
  );
}

interface RunFigures {
  wallMs: number;
  serverCpuMs: number;
  perTerminal: Map<string, number>;
  passed: number;
  total: number;
}

/** Starts the task and waits for its run's end, looking at the run's status twice a second. */
async function runTask(url: string, token: string, pid: number, taskId: string): Promise<RunFigures> {
  const api = client(url, token);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  await api(`${TASK}/execute`, { id: taskId });
  let runId: string | undefined;
  // As the task's screen follows a run: its progress only (the screen reads it every 2.5 s; twice a second here, to
  // see the end in time).
  for (;;) {
    const progress = await api<{ run: { id: string; runStatus: number } | null }>(`${TASK}/run-progress?taskId=${taskId}`);
    if (progress.run && ENDED.has(progress.run.runStatus)) {
      runId = progress.run.id;
      break;
    }
    await sleep(500);
  }
  const wallMs = performance.now() - start;
  const serverCpuMs = cpuMs(pid) - cpuBefore;
  const detail = await api<{ passedCount: number; totalCount: number; cases: { terminalId?: string; caseStatus: string; message?: string }[] }>(
    `${TASK}/run-detail?id=${runId}`,
  );
  const perTerminal = new Map<string, number>();
  const notPassed = new Map<string, number>();
  for (const item of detail.cases) {
    if (item.caseStatus !== 'passed') notPassed.set(`${item.caseStatus} ${item.message ?? ''}`, (notPassed.get(`${item.caseStatus} ${item.message ?? ''}`) ?? 0) + 1);
    const key = item.terminalId ?? '?';
    perTerminal.set(key, (perTerminal.get(key) ?? 0) + 1);
  }
  // What did not pass, and why: a one-line script should always pass.
  for (const [what, count] of notPassed) console.log(`dispatch: ${count} cases ${what}`);
  return { wallMs, serverCpuMs, perTerminal, passed: detail.passedCount, total: detail.totalCount };
}

/** 100 real long polls at once for 30 s: errors, how late an empty answer comes after its wait, and the server's CPU. */
async function holdPolls(url: string, pid: number, terminals: Seeded['terminals']) {
  const late: number[] = [];
  let errors = 0;
  let answers = 0;
  const cpuBefore = cpuMs(pid);
  const end = Date.now() + POLL_SECONDS * 1000;
  await Promise.all(
    terminals.map(async (terminal) => {
      while (Date.now() < end) {
        const start = performance.now();
        try {
          const res = await fetch(`${url}/api/blade-agent/next?wait=${POLL_WAIT_SECONDS}`, {
            headers: { Authorization: `Bearer ${terminal.token}`, 'Terminal-Code': terminal.code },
          });
          const answer = (await res.json()) as { code: number; data: unknown };
          if (answer.code !== 200 || answer.data !== null) errors++;
          else late.push(performance.now() - start - POLL_WAIT_SECONDS * 1000);
          answers++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { answers, errors, lateP50: percentile(late, 0.5), lateP99: percentile(late, 0.99), cpuShare: (cpuMs(pid) - cpuBefore) / (POLL_SECONDS * 1000) };
}

/**
 * An agent that runs nothing: takes each case and reports it passed at once, through the protocol the built agent
 * speaks (a result brings the next case). What the server spends per case then is the dispatch alone.
 */
function bareAgent(url: string, terminal: Seeded['terminals'][number]) {
  let stopped = false;
  const call = async <T>(path: string, json?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api/blade-agent/${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${terminal.token}`, 'Terminal-Code': terminal.code, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const done = (async () => {
    let assigned: { caseId: string } | null = null;
    while (!stopped) {
      assigned ??= await call<{ caseId: string } | null>('next?wait=1');
      if (!assigned) continue;
      const answer: { next?: { caseId: string } | null } = await call('result', { caseId: assigned.caseId, status: 'passed', exitCode: 0, durationMs: 1, log: 'ok\n', next: true });
      assigned = answer.next ?? null;
    }
  })();
  return { stop: () => ((stopped = true), done) };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The server's CPU share over 10 s with the agents connected and no run: their heartbeats, polls and the watchdog. */
async function idleCpuShare(pid: number): Promise<number> {
  const before = cpuMs(pid);
  await sleep(10_000);
  return (cpuMs(pid) - before) / 10_000;
}

/**
 * The server's CPU per case, all of it and beyond what the connected agents cost it idle over the same wall time: on
 * a loaded machine python is slow, and the heartbeats of a long run would be counted as the cases' cost.
 */
const perCase = (runs: RunFigures[], cases: number, idleShare: number) => {
  const all = median(runs.map((run) => run.serverCpuMs)) / cases;
  const beyondIdle = median(runs.map((run) => run.serverCpuMs - idleShare * run.wallMs)) / cases;
  return `${all.toFixed(1)} ms (${beyondIdle.toFixed(1)} ms beyond idle ${Math.round(idleShare * 100)} % of a core)`;
};
const overFloor = (wall: number, floor: number) => `${wall >= floor ? '+' : ''}${Math.round((wall / floor - 1) * 100)} %`;

export async function measureDispatch(serveArgs: string[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-bench-dispatch-'));
  let server: ChildProcess | undefined;
  let agents: ChildProcess[] = [];
  const rows: Record<string, string>[] = [];
  const row = (figure: string, value: string, target: string) => {
    rows.push({ figure, value, target });
    console.log(`dispatch: ${figure}: ${value}`);
  };
  try {
    console.log(`dispatch: seeding ${TERMINALS} terminals, ${ONE_TERMINAL_CASES} + ${SPREAD_CASES} cases...`);
    const seeded = await seed(dataDir);
    const started = await serve(serveArgs, dataDir);
    server = started.child;
    const pid = server.pid!;
    const { url } = started;
    const token = await adminToken(url, ADMIN_PASSWORD);

    // (a) and (b): one terminal, one agent.
    if (PARTS.has('one')) {
    const floorOne: number[] = [];
    for (let round = 0; round < ROUNDS; round++) floorOne.push(await pythonFloor(ONE_TERMINAL_CASES, 1));
    agents = startAgents(url, seeded.terminals.slice(0, 1));
    await sleep(3000);
    const idleOne = await idleCpuShare(pid);
    const one: RunFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(await runTask(url, token, pid, seeded.oneTerminalTask));
      console.log(`dispatch: one terminal, round ${round + 1}: ${s(one.at(-1)!.wallMs)}, ${one.at(-1)!.passed}/${one.at(-1)!.total} passed`);
    }
    await stopAgents(agents);
    agents = [];
    const floor1 = median(floorOne);
    const wall1 = median(one.map((run) => run.wallMs));
    row(`python floor: ${ONE_TERMINAL_CASES} runs, 1 at a time`, s(floor1), '–');
    row(`1 terminal, ${ONE_TERMINAL_CASES} cases: wall`, `${s(wall1)} (${overFloor(wall1, floor1)} over the floor)`, '–');
    row(
      `1 terminal, ${ONE_TERMINAL_CASES} cases: server CPU per case (beyond the idle agent's heartbeats and polls)`,
      perCase(one, ONE_TERMINAL_CASES, idleOne),
      '≤ 5 ms',
    );
    }

    // The dispatch alone: the same cases through an agent that runs nothing.
    if (PARTS.has('bare')) {
    const bare = bareAgent(url, seeded.terminals[0]);
    const bareRuns: RunFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) bareRuns.push(await runTask(url, token, pid, seeded.oneTerminalTask));
    await bare.stop();
    row(
      `1 terminal, ${ONE_TERMINAL_CASES} cases, an agent that runs nothing: wall / server CPU per case`,
      `${s(median(bareRuns.map((run) => run.wallMs)))} / ${(median(bareRuns.map((run) => run.serverCpuMs)) / ONE_TERMINAL_CASES).toFixed(1)} ms`,
      '≤ 5 ms',
    );
    }

    // (c): 100 pollers, no work.
    if (PARTS.has('polls')) {
    const polls = await holdPolls(url, pid, seeded.terminals.slice(0, POLLERS));
    row(`${POLLERS} agents long-polling ${POLL_SECONDS} s (wait ${POLL_WAIT_SECONDS} s): answers / errors`, `${polls.answers} / ${polls.errors}`, '0 errors');
    row(`${POLLERS} long polls: empty answer after its wait, p50 / p99`, `${Math.round(polls.lateP50)} / ${Math.round(polls.lateP99)} ms`, '–');
    row(`${POLLERS} long polls: server CPU`, `${Math.round(polls.cpuShare * 100)} % of a core`, '–');
    }

    // (d): 1 000 cases, 20 terminals, 20 agents.
    if (PARTS.has('spread')) {
    const floorSpread: number[] = [];
    for (let round = 0; round < ROUNDS; round++) floorSpread.push(await pythonFloor(SPREAD_CASES, SPREAD_TERMINALS));
    agents = startAgents(url, seeded.terminals.slice(0, SPREAD_TERMINALS));
    await sleep(5000);
    const idleSpread = await idleCpuShare(pid);
    const spread: RunFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      spread.push(await runTask(url, token, pid, seeded.spreadTask));
      const last = spread.at(-1)!;
      console.log(`dispatch: ${SPREAD_TERMINALS} terminals, round ${round + 1}: ${s(last.wallMs)}, ${last.passed}/${last.total} passed, ${last.perTerminal.size} terminals used`);
    }
    const floor20 = median(floorSpread);
    const wall20 = median(spread.map((run) => run.wallMs));
    row(`python floor: ${SPREAD_CASES} runs, ${SPREAD_TERMINALS} at a time`, s(floor20), '–');
    row(`${SPREAD_CASES} cases, ${SPREAD_TERMINALS} terminals: wall`, `${s(wall20)} (${overFloor(wall20, floor20)} over the floor)`, '≤ +10 %');
    row(
      `${SPREAD_CASES} cases, ${SPREAD_TERMINALS} terminals: server CPU per case (beyond the idle agents')`,
      perCase(spread, SPREAD_CASES, idleSpread),
      '≤ 5 ms',
    );
    const middle = spread.find((run) => run.wallMs === wall20)!;
    const counts = [...middle.perTerminal.values()];
    row(
      `${SPREAD_CASES} cases: cases per terminal, min / max (terminals used)`,
      `${counts.length < SPREAD_TERMINALS ? 0 : Math.min(...counts)} / ${Math.max(...counts)} (${counts.length})`,
      `${SPREAD_CASES / SPREAD_TERMINALS} each`,
    );
    }
    console.table(rows);
  } finally {
    await stopAgents(agents);
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

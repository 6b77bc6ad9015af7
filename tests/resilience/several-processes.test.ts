import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../server/printed-product';
import { S3_TEST_KEYS, startS3TestServer, type S3TestServer } from '../server/s3-test-server';
import { adminToken, blade, startMain } from './process';
import { until } from '../until';

/**
 * The deployment of README "Several processes": two server processes on one PostgreSQL database and one
 * S3-compatible store, behind a round-robin proxy that sends each request to the other process. Through it, the
 * demo task runs on an agent whose long polls land on either process, a logout ends the token on both, a job fires
 * once per trigger, and a file uploaded through one process downloads through the other. PostgreSQL only.
 */

type Main = Awaited<ReturnType<typeof startMain>>;

/** Sends each request to the next backend in turn, streaming both ways (long polls included). */
function roundRobin(backends: string[]): Promise<{ url: string; served: number[]; close(): Promise<void> }> {
  let next = 0;
  const served = backends.map(() => 0);
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % backends.length;
    served[index]++;
    const target = new URL(incoming.url ?? '/', backends[index]);
    const forwarded = httpRequest(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        served,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const database = await freshPostgresDatabase('blade_several');

describe.runIf(database)('two processes on one PostgreSQL and one S3 store, behind a round-robin proxy', () => {
  let s3: S3TestServer;
  let first: Main;
  let second: Main;
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let agent: ChildProcess | undefined;
  let agentOutput = '';
  let token: string;
  let agentToken: string | undefined;

  beforeAll(async () => {
    s3 = await startS3TestServer({ bucket: 'several-processes' });
    const env = {
      BLADE_OSS_ENDPOINT: s3.endpoint,
      BLADE_OSS_BUCKET: s3.bucket,
      BLADE_OSS_ACCESS_KEY: S3_TEST_KEYS.accessKeyId,
      BLADE_OSS_SECRET_KEY: S3_TEST_KEYS.secretAccessKey,
      BLADE_OUTBOUND_ALLOW: '127.0.0.1',
      // The job below fires every second (other tenants keep the 10 s minimum).
      BLADE_JOB_FAST_TENANTS: '000000',
    };
    // The first start seeds the database; the second finds it seeded.
    first = await startMain({ databaseUrl: database!.url }, env);
    second = await startMain({ databaseUrl: database!.url }, env);
    proxy = await roundRobin([first.url, second.url]);
    token = await adminToken(proxy.url);
  });

  afterAll(async () => {
    if (agent?.pid) process.kill(-agent.pid, 'SIGKILL');
    await proxy?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await s3?.close();
    await database?.drop();
  });

  it('runs the demo task with the agent polling either process: 2 of 3 passed', async () => {
    agentToken = first.output().match(/BLADE_AGENT_TOKEN=(\S+) node \S+ --server \S+ --terminal TM-001/)?.[1];
    expect(agentToken, first.output()).toBeDefined();
    agent = spawn(process.execPath, ['--import', 'tsx', 'agent/main.ts', '--server', proxy.url, '--terminal', 'TM-001'], {
      env: { ...process.env, BLADE_AGENT_TOKEN: agentToken },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout!.on('data', (chunk) => (agentOutput += chunk));
    agent.stderr!.on('data', (chunk) => (agentOutput += chunk));

    const tasks = await blade(proxy.url, token, '/gateway/blade-task/task/list?current=1&size=50');
    const task = (tasks.body.data.records as { id: string; taskCode: string }[]).find((row) => row.taskCode === 'DEMO-RUN-001');
    expect(task, JSON.stringify(tasks.body)).toBeDefined();
    const started = await blade(proxy.url, token, '/gateway/blade-task/task/execute', { id: task!.id });
    expect(started.body, JSON.stringify(started.body)).toMatchObject({ code: 200 });

    const run = await until('the run to end', async () => {
      const runs = await blade(proxy.url, token, `/gateway/blade-task/task/runs?taskId=${task!.id}&current=1&size=1`);
      const latest = runs.body.data?.records?.[0];
      return latest && [3, 4, 6].includes(Number(latest.runStatus)) && latest;
    }, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}\nagent:\n${agentOutput}`);
    });
    const detail = await blade(proxy.url, token, `/gateway/blade-task/task/run-detail?id=${run.id}`);
    const statuses = (detail.body.data.cases as { caseStatus: string }[]).map((row) => row.caseStatus);
    expect(statuses.filter((status) => status === 'passed'), agentOutput).toHaveLength(2);
    expect(statuses).toHaveLength(3);
    // Both processes served the agent and the screens.
    expect(proxy.served.every((count) => count > 0)).toBe(true);
  });

  it("an agent token revoked through one process is refused by both, though both had just let it in", async () => {
    if (agent?.pid) process.kill(-agent.pid, 'SIGKILL');
    agent = undefined;
    const heartbeat = (base: string) =>
      fetch(`${base}/api/blade-agent/heartbeat`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${agentToken}`, 'Terminal-Code': 'TM-001', 'Content-Type': 'application/json' },
        body: '{}',
      }).then(async (res) => ((await res.json()) as { code: number }).code);
    for (const base of [first.url, second.url]) expect(await heartbeat(base)).toBe(200);
    const terminals = await blade(proxy.url, token, '/gateway/blade-terminal/terminalManagement/list?current=1&size=50&terminalCode=TM-001');
    const terminal = (terminals.body.data.records as { id: string; terminalCode: string }[]).find((row) => row.terminalCode === 'TM-001');
    const revoked = await blade(first.url, token, `/gateway/blade-terminal/terminalManagement/revokeToken?id=${terminal!.id}`, {});
    expect(revoked.body, JSON.stringify(revoked.body)).toMatchObject({ code: 200 });
    expect(await heartbeat(first.url)).toBe(401);
    // The other process hears of it through NOTIFY, after the commit.
    await until('the second process to refuse the revoked token', async () => (await heartbeat(second.url)) === 401, 5000);
  });

  it('a logout through one process ends the token on both', async () => {
    const session = await adminToken(proxy.url);
    for (const base of [first.url, second.url]) expect((await blade(base, session, '/api/blade-auth/oauth/user-info')).body.code).toBe(200);
    const out = await blade(proxy.url, session, '/api/blade-auth/oauth/logout');
    expect(out.body.code).toBe(200);
    for (const base of [first.url, second.url]) {
      const after = await blade(base, session, '/api/blade-auth/oauth/user-info');
      expect(after.body.code, `${base}: ${JSON.stringify(after.body)}`).toBe(401);
    }
  });

  it('a job due every second fires once per trigger, whichever process claims it', async () => {
    const app = await blade(proxy.url, token, '/api/blade-job/job-server/submit', {
      jobServerName: '两进程应用', jobServerUrl: 'http://127.0.0.1:9/dispatch', jobAppName: 'several', jobAppPassword: 'App-secret-1',
    });
    expect(app.body.code, JSON.stringify(app.body)).toBe(200);
    const appId = (await blade(proxy.url, token, '/api/blade-job/job-server/list?jobAppName=several')).body.data.records[0].id;
    const saved = await blade(proxy.url, token, '/api/blade-job/job-info/submit', {
      jobServerId: appId, jobName: '两进程任务', timeExpressionType: 3, timeExpression: '1000', processorInfo: 'cleanJobInstances',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const job = (await blade(proxy.url, token, `/api/blade-job/job-info/list?jobName=${encodeURIComponent('两进程任务')}`)).body.data.records[0];
    const instances = await until('five triggers', async () => {
      const answer = await blade(proxy.url, token, `/api/blade-job/job-info/instance-list?jobId=${job.id}&size=100`);
      const rows = answer.body.data.records as { triggerTime: string }[];
      return rows.length >= 5 && rows;
    }, 30_000);
    await blade(proxy.url, token, `/api/blade-job/job-info/change?id=${job.id}&enable=0`, {});
    const triggerTimes = instances.map((row) => row.triggerTime);
    expect(new Set(triggerTimes).size).toBe(triggerTimes.length);
  });

  it('a file uploaded through one process downloads through the other', async () => {
    const form = new FormData();
    form.append('file', new Blob(['两个进程, 一个存储'], { type: 'text/plain' }), 'shared.txt');
    const uploaded = await fetch(`${first.url}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Blade-Auth': `bearer ${token}` },
      body: form,
    });
    const link = ((await uploaded.json()) as { data: { link: string } }).data.link;
    expect(s3.requests.some((line) => line.startsWith('PUT '))).toBe(true);
    const downloaded = await fetch(`${second.url}${link}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe('两个进程, 一个存储');
  });
});

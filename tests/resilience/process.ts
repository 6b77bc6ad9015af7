import { spawn, type ChildProcess } from 'node:child_process';
import { md5 } from 'js-md5';

export const ADMIN_PASSWORD = 'Resilience-admin1';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface MainProcess {
  child: ChildProcess;
  url: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `npm run serve` as a child process on a free port, on a PGlite data dir or a PostgreSQL URL. */
export async function startMain(storage: { dataDir?: string; databaseUrl?: string }, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      BLADE_DATA_DIR: storage.dataDir ?? '',
      DATABASE_URL: storage.databaseUrl ?? '',
      BLADE_CAPTCHA: 'off',
      BLADE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BLADE_STATIC_DIR: 'no-static-dir',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/on (http:\/\/localhost:\d+)/);
      if (match) {
        clearInterval(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    url,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  } satisfies MainProcess & { output(): string };
}

/** An administrator's access token (password grant; the servers here run with the captcha off). */
export async function adminToken(url: string): Promise<string> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(ADMIN_PASSWORD), grant_type: 'password' });
  const answer = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token from ${url}`);
  return body.access_token;
}

/** One Blade call; resolves with the envelope, rejects on network failures. */
export async function blade(url: string, token: string, path: string, json?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: json === undefined && !path.includes('/remove') ? 'GET' : 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as { code: number; success: boolean; data: any; msg: string };
  return { status: response.status, body };
}

/** Every param key starting with `prefix`, read back page by page. */
export async function paramKeysWithPrefix(url: string, token: string, prefix: string): Promise<Set<string>> {
  const keys = new Set<string>();
  for (let current = 1; ; current++) {
    const page = await blade(url, token, `/api/blade-system/param/list?paramKey_likeright=${encodeURIComponent(prefix)}&size=500&current=${current}`);
    const records = page.body.data.records as { paramKey: string }[];
    for (const record of records) keys.add(record.paramKey);
    if (records.length < 500) return keys;
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { md5 } from 'js-md5';

/** Saber's client, as every Blade client sends it. */
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The administrator's access token of tenant 000000, by the password grant as Saber asks for it. */
export async function adminToken(url: string, password: string): Promise<string> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const res = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`login failed: ${body.error_description}`);
  return body.access_token;
}

/**
 * Starts the built server (`npm run serve`'s command, `serveArgs`, after `nodeArgs`) on a free port and a data dir
 * with the administrator's password; answers its URL once it listens.
 */
export async function serveBuilt(
  serveArgs: string[],
  options: { dataDir: string; adminPassword: string; env?: Record<string, string>; nodeArgs?: string[] },
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...serveArgs], {
    env: { ...process.env, PORT: '0', BLADE_DATA_DIR: options.dataDir, BLADE_ADMIN_PASSWORD: options.adminPassword, BLADE_CAPTCHA: 'off', ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/\S+) \(ready/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, url };
}

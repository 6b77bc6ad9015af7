import { createHash } from 'node:crypto';

/** HTTP to a BladeX-compatible gateway as Saber and our providers call it: the client's basic header, `Blade-Auth`, `Tenant-Id`. */

export interface GatewayOptions {
  /** Base URL, e.g. `https://gateway.example.com` (paths start with `/api/...`). */
  gateway: string;
  tenantId: string;
  /** OAuth client id and secret of the front end (Saber's `saber:saber_secret` unless the gateway says otherwise). */
  clientId?: string;
  clientSecret?: string;
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  ms: number;
}

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class Gateway {
  token?: string;

  constructor(readonly options: GatewayOptions) {}

  private basic() {
    const { clientId = 'saber', clientSecret = 'saber_secret' } = this.options;
    return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }

  async call(path: string, init: { method?: 'GET' | 'POST'; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      Authorization: this.basic(),
      'Tenant-Id': this.options.tenantId,
      ...init.headers,
    };
    if (this.token) headers['Blade-Auth'] = `bearer ${this.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const started = Date.now();
    const response = await fetch(`${this.options.gateway.replace(/\/$/, '')}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, ms: Date.now() - started };
  }
}

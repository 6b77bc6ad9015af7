import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, loginAdmin, SABER_BASIC, serverUrl } from './client';

/** A body of `total` bytes streamed in 1 MiB chunks with no Content-Length (chunked), never held in memory whole. */
function streamOf(total: number, byte = 'a'): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(byte.repeat(1024 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

/** Posts a streamed body; the server may close the connection once it has refused, so a network error is allowed. */
async function postStream(path: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
  try {
    const response = await fetch(`${serverUrl()}${path}`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, text: await response.text() };
  } catch {
    return undefined;
  }
}

async function expectServerUp() {
  const answer = await call('/api/blade-auth/oauth/captcha');
  expect(answer.status).toBe(200);
}

/**
 * Sends `requests` (raw HTTP/1.1) on one connection, each written whole, and reads until the server has answered as
 * many or has closed it: the status lines of the answers, and whether the connection failed on the way.
 */
async function onOneConnection(requests: Buffer[]): Promise<{ statuses: number[]; failed: boolean }> {
  const { hostname, port } = new URL(serverUrl());
  const socket = connect(Number(port), hostname);
  let received = '';
  const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
  return new Promise((resolve) => {
    let failed = false;
    const done = () => {
      socket.destroy();
      resolve({ statuses: statuses(), failed });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (statuses().length === requests.length) setTimeout(done, 50); // the last answer's body
    });
    socket.on('error', () => (failed = true));
    socket.on('close', done);
    socket.on('connect', async () => {
      for (const request of requests) if (!socket.write(request)) await new Promise((drained) => socket.once('drain', drained));
    });
  });
}

describe('body size limits', () => {
  it('lets a client that sends a declared 3 MB body whole hear the 413, and its connection carries the next request', async () => {
    const token = await loginAdmin();
    const body = Buffer.from(JSON.stringify({ paramName: 'x'.repeat(3 * 1024 * 1024), paramKey: 'big', paramValue: 'v' }));
    const { host } = new URL(serverUrl());
    const submit = Buffer.concat([
      Buffer.from(
        `POST /api/blade-system/param/submit HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${SABER_BASIC}\r\nBlade-Auth: bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]);
    const captcha = Buffer.from(`GET /api/blade-auth/oauth/captcha HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(await onOneConnection([submit, captcha])).toEqual({ statuses: [413, 200], failed: false });
  });

  it('refuses a 200 MB form body to oauth/token with the 413 envelope and stays up', async () => {
    const answer = await postStream(
      '/api/blade-auth/oauth/token',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      streamOf(200 * 1024 * 1024),
    );
    if (answer) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 413, success: false, data: null });
    }
    await expectServerUp();
  });

  it('refuses a 100 MB JSON submit (streamed) and a declared 3 MB one with the 413 envelope', async () => {
    const token = await loginAdmin();
    const streamed = await postStream(
      '/api/blade-system/param/submit',
      { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${token}` },
      streamOf(100 * 1024 * 1024, ' '),
    );
    if (streamed) expect(streamed.status).toBe(413);
    const declared = await call('/api/blade-system/param/submit', {
      token,
      body: JSON.stringify({ paramName: 'x'.repeat(3 * 1024 * 1024), paramKey: 'big', paramValue: 'v' }),
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ code: 413, success: false, data: null, msg: '请求体过大' });
    await expectServerUp();
  });

  it('lets uploads have their own, larger limit', async () => {
    const token = await loginAdmin();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)]), 'three-mb.bin');
    const response = await fetch(`${serverUrl()}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.link).toMatch(/\.bin$/);
  });
});

const BROKEN_MULTIPART = '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin';

describe('malformed bodies', () => {
  it('answers malformed multipart with 400 on oauth/token, put-file and oauth/authorize', async () => {
    const token = await loginAdmin();
    for (const path of ['/api/blade-auth/oauth/token', '/api/blade-resource/oss/endpoint/put-file', '/api/blade-auth/oauth/authorize']) {
      const answer = await call(path, {
        token,
        body: BROKEN_MULTIPART,
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ code: 400, success: false });
    }
  });

  it('refuses JSON sent as text/plain (what a cross-site form can post) with 415', async () => {
    const token = await loginAdmin();
    const answer = await call('/api/blade-system/param/submit', {
      token,
      body: JSON.stringify({ paramName: 'plain', paramKey: 'plain.text', paramValue: '1' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ code: 415, success: false });
    const found = await call('/api/blade-system/param/list?paramKey_equal=plain.text', { token });
    expect(found.body.data.total).toBe(0);
  });
});

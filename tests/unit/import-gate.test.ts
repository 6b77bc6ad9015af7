import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { R } from '../../server/blade/envelope';
import { BladeError } from '../../server/blade/errors';
import { createImportGate } from '../../server/excel';

/** An import that runs until the test lets it finish. */
function heldWork() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  return {
    started,
    work: (name: string) => () =>
      new Promise<Response>((resolve) => {
        started.push(name);
        releases.set(name, () => resolve(new Response(name)));
      }),
    finish: (name: string) => releases.get(name)!(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the import gate', () => {
  it('runs two at once, one per tenant, lets another tenant pass a waiting one, and answers 429 past the queue', async () => {
    const gate = createImportGate({ running: 2, runningPerTenant: 1, waitingPerTenant: 1 });
    const held = heldWork();
    const app = new Hono();
    app.onError((error, c) => (error instanceof BladeError ? c.json(R.fail(error.code, error.message), error.httpStatus as 429) : c.text('boom', 500)));
    app.post('/:tenant/:name', (c) => gate.run(c, c.req.param('tenant'), held.work(c.req.param('name'))));
    const post = (path: string) => app.request(path, { method: 'POST' });

    const a1 = post('/A/a1');
    const a2 = post('/A/a2');
    await turn();
    const a3 = await post('/A/a3');
    expect(a3.status).toBe(429);
    expect(a3.headers.get('retry-after')).toBe('5');
    expect(await a3.json()).toMatchObject({ code: 429, msg: '导入任务过多，请稍后再试' });
    // Tenant A holds one turn and waits for another; B takes the second turn at once.
    const b1 = post('/B/b1');
    await turn();
    expect(held.started).toEqual(['a1', 'b1']);
    expect(gate.state()).toEqual({ running: 2, waiting: 1 });

    held.finish('a1');
    expect(await (await a1).text()).toBe('a1');
    await turn();
    expect(held.started).toEqual(['a1', 'b1', 'a2']);
    held.finish('b1');
    held.finish('a2');
    expect(await (await b1).text()).toBe('b1');
    expect(await (await a2).text()).toBe('a2');
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the turn back when an import fails', async () => {
    const gate = createImportGate({ running: 1, runningPerTenant: 1, waitingPerTenant: 1 });
    const app = new Hono();
    app.onError((_error, c) => c.text('failed', 400));
    app.post('/', (c) => gate.run(c, 'A', async () => {
      throw new BladeError(400, '文件不是有效的xlsx文件');
    }));
    expect((await app.request('/', { method: 'POST' })).status).toBe(400);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });
});

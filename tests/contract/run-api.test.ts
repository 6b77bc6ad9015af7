import { http as route } from 'msw';
import { describe, expect, it } from 'vitest';
import { BladeError } from '../../providers/http';
import { runApi } from '../../resources/task/runApi';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from './support';

useMockServer();

describe('run engine client', () => {
  it('sends execute, pause and token calls as the server reads them', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.post('/gateway/blade-task/task/execute', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope([{ taskId: '1', runId: '2', recordId: '3', terminalId: '4' }]);
      }),
      route.post('/gateway/blade-task/task/pause', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ id: '1', runStatus: 2, runId: '2', terminalId: '4' });
      }),
      route.post('/gateway/blade-terminal/terminalManagement/issueToken', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ terminalId: '4', terminalCode: 'TM-001', token: 'bta_x', createTime: '2024-01-02 03:04:05' });
      }),
    );
    expect(await runApi.execute(['1'], 30)).toEqual([{ taskId: '1', runId: '2', recordId: '3', terminalId: '4' }]);
    expect((await runApi.pause('1')).runStatus).toBe(2);
    expect((await runApi.issueToken('4')).token).toBe('bta_x');
    expect(seen.map((request) => [request.path, request.body || request.query.id])).toEqual([
      ['/gateway/blade-task/task/execute', '{"ids":["1"],"timeLimitSeconds":30}'],
      ['/gateway/blade-task/task/pause', '{"id":"1"}'],
      ['/gateway/blade-terminal/terminalManagement/issueToken', '4'],
    ]);
  });

  it('reads runs with paging and rejects a refused transition with the server message', async () => {
    server.use(
      route.get('/gateway/blade-task/task/runs', ({ request }) => {
        const query = new URL(request.url).searchParams;
        return envelope({ records: [], total: 0, size: Number(query.get('size')), current: Number(query.get('current')), pages: 0 });
      }),
      route.post('/gateway/blade-task/task/end', () => envelope(null, 400, '任务状态为「未开始」，不能执行「结束」', 400)),
    );
    expect(await runApi.runs('1', 2, 5)).toMatchObject({ size: 5, current: 2 });
    const refused = await runApi.end('1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BladeError);
    expect((refused as BladeError).message).toBe('任务状态为「未开始」，不能执行「结束」');
  });
});

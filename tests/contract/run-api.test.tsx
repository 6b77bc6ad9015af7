import { Refine } from '@refinedev/core';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http as route } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/data';
import { BladeError } from '../../providers/http';
import { resourceSchemas } from '../../resources/schemas';
import { runCalls, useFollowRun, useRunDetail, useTaskRuns, useTerminalAgent, type TaskRunState } from '../../resources/task/runApi';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from './support';

useMockServer();
afterEach(cleanup);

const dataProvider = createDataProvider(resourceSchemas);

function Shell({ children }: { children: ReactNode }) {
  return (
    <Refine dataProvider={dataProvider} resources={[{ name: 'task' }, { name: 'terminal' }]} options={{ disableTelemetry: true }}>
      {children}
    </Refine>
  );
}

const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';

describe('run engine client', () => {
  it('sends execute, pause and token calls as the server reads them', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.post(`${TASK}/execute`, async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope([{ taskId: '1', runId: '2', recordId: '3', terminalId: '4' }]);
      }),
      route.post(`${TASK}/pause`, async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ id: '1', runStatus: 2, runId: '2', terminalId: '4' });
      }),
      route.post(`${TERMINAL}/issueToken`, async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ terminalId: '4', terminalCode: 'TM-001', token: 'bta_x', createTime: '2024-01-02 03:04:05' });
      }),
    );
    const { result } = renderHook(() => useResourceCall(), { wrapper: Shell });
    expect(await result.current.call(runCalls.execute(['1'], 30))).toEqual([{ taskId: '1', runId: '2', recordId: '3', terminalId: '4' }]);
    expect((await result.current.call<TaskRunState>(runCalls.pause('1'))).runStatus).toBe(2);
    expect(await result.current.call(runCalls.issueToken('4'))).toMatchObject({ token: 'bta_x' });
    expect(seen.map((request) => [request.path, request.body || request.query.id])).toEqual([
      [`${TASK}/execute`, '{"ids":["1"],"timeLimitSeconds":30}'],
      [`${TASK}/pause`, '{"id":"1"}'],
      [`${TERMINAL}/issueToken`, '4'],
    ]);
  });

  it('reads runs with paging and rejects a refused transition with the server message', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      route.get(`${TASK}/runs`, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        return envelope({ records: [{ id: '9', taskId: '1' }], total: 11, size: Number(query.size), current: Number(query.current), pages: 3 });
      }),
      route.post(`${TASK}/end`, () => envelope(null, 400, '任务状态为「未开始」，不能执行「结束」', 400)),
    );
    const runs = renderHook(() => useTaskRuns('1', { current: 2, size: 5 }), { wrapper: Shell });
    await waitFor(() => expect(runs.result.current.result.total).toBe(11));
    expect(runs.result.current.result.data).toEqual([{ id: '9', taskId: '1' }]);
    expect(asked).toEqual([{ current: '2', size: '5', taskId: '1' }]);
    const { result } = renderHook(() => useResourceCall(), { wrapper: Shell });
    const refused = await result.current.call(runCalls.end('1')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BladeError);
    expect((refused as BladeError).message).toBe('任务状态为「未开始」，不能执行「结束」');
  });

  it('polls only the run progress while a screen follows a run, and re-reads the runs and the run when it moved', async () => {
    const asked: Record<string, string>[] = [];
    const reads = { runs: 0, detail: 0 };
    let progress = { taskId: '1', taskRunStatus: 1, run: { id: '9', runStatus: 1, total: 2, open: 2 }, marker: 'a', outputMarker: 'a|1' };
    server.use(
      route.get(`${TASK}/run-progress`, ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return envelope(progress);
      }),
      route.get(`${TASK}/runs`, () => (reads.runs++, envelope({ records: [{ id: '9', taskId: '1' }], total: 1 }))),
      route.get(`${TASK}/run-detail`, () => (reads.detail++, envelope({ id: '9', cases: [] }))),
    );
    const { rerender } = renderHook(
      ({ active }: { active: boolean }) => {
        useFollowRun('1', 1, active, 40);
        useTaskRuns('1', { current: 1, size: 1 }, 1);
        useRunDetail({ id: '9' }, 1);
      },
      { wrapper: Shell, initialProps: { active: true } },
    );
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(4));
    expect(asked[0]).toEqual({ taskId: '1' });
    // Nothing moved: the runs and the run were read once, when the screen opened.
    expect(reads).toEqual({ runs: 1, detail: 1 });

    // A running case's output grew: its run is read again, the runs are not.
    progress = { ...progress, outputMarker: 'a|2' };
    await waitFor(() => expect(reads.detail).toBe(2));
    expect(reads.runs).toBe(1);

    // A case ended: everything under the task is read again, once.
    progress = { ...progress, run: { ...progress.run, open: 1 }, marker: 'b', outputMarker: 'b|2' };
    await waitFor(() => expect(reads).toEqual({ runs: 2, detail: 3 }));
    const polled = asked.length;
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(polled + 3));
    expect(reads).toEqual({ runs: 2, detail: 3 });

    // The progress says the task ended while the screen still shows it running (its re-read was lost): the screen
    // reads again, though the marker stands still, until it shows what the progress says.
    progress = { ...progress, taskRunStatus: 6 };
    await waitFor(() => expect(reads.runs).toBeGreaterThanOrEqual(4));

    // The run is no longer followed: no more polls.
    rerender({ active: false });
    const stopped = asked.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked.length).toBeLessThanOrEqual(stopped + 1);
  });

  it("a token issued or revoked re-reads the terminal's agent block", async () => {
    let hasToken = false;
    let reads = 0;
    server.use(
      route.get(`${TERMINAL}/agent`, () => (reads++, envelope({ terminalId: '4', terminalCode: 'TM-001', hasToken }))),
      route.post(`${TERMINAL}/issueToken`, () => ((hasToken = true), envelope({ terminalId: '4', terminalCode: 'TM-001', token: 'bta_x' }))),
    );
    let issue: () => Promise<unknown> = async () => undefined;
    function AgentBlock() {
      const { result } = useTerminalAgent('4');
      const { call } = useResourceCall();
      issue = () => call(runCalls.issueToken('4'));
      return <span>{result === undefined ? 'loading' : result.hasToken ? 'issued' : 'none'}</span>;
    }
    render(<Shell><AgentBlock /></Shell>);
    await screen.findByText('none');
    await act(() => issue());
    await screen.findByText('issued');
    expect(reads).toBe(2);
  });
});

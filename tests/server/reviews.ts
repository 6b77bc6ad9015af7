import { expect } from 'vitest';
import { call } from './client';

/**
 * A test case or script approved the only way there is: sent for review (送审) by `author`, claimed and passed by
 * `reviewer` (a member of the administrator role). Answers the review's process instance id.
 */
export async function approveByReview(
  api: string,
  id: string,
  tokens: { author: string; reviewer: string; base?: string; /** The review already started (送审 clicked in the browser). */ sent?: string },
): Promise<string> {
  const as = (token: string) => (path: string, json?: unknown) => call(path, { token, base: tokens.base, method: 'POST', ...(json === undefined ? {} : { json }) });
  let processInstanceId = tokens.sent;
  if (!processInstanceId) {
    const sent = await as(tokens.author)(`${api}/submit-review?id=${id}`);
    expect(sent.body, sent.text).toMatchObject({ code: 200 });
    processInstanceId = sent.body.data.processInstanceId as string;
  }
  const list = await call(`/api/blade-flow/work/claim-list?size=100`, { token: tokens.reviewer, base: tokens.base });
  const task = list.body.data.records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId);
  expect(task, list.text).toBeTruthy();
  const claimed = await as(tokens.reviewer)(`/api/blade-flow/work/claim-task?taskId=${task.taskId}`);
  expect(claimed.body, claimed.text).toMatchObject({ code: 200 });
  const done = await as(tokens.reviewer)('/api/blade-flow/work/complete-task', { taskId: task.taskId, processInstanceId, pass: true, comment: '同意' });
  expect(done.body, done.text).toMatchObject({ code: 200 });
  return processInstanceId;
}

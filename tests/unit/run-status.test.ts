import { describe, expect, it } from 'vitest';
import {
  RUN_STATUS as S,
  RUN_STATUS_LABELS,
  canRun,
  toRunStatus,
  transition,
  userActions,
  type RunAction,
  type RunStatus,
} from '../../resources/task/runStatus';
import { seedDictsOf } from '../../server/db/seed-data/dicts';
import { registry } from '../../resources/schemas';

const seedDicts = seedDictsOf(registry.dictionaries);

const ALL = Object.values(S) as RunStatus[];

/** Every allowed (action, from) → to; anything not listed must be refused. */
const ALLOWED: [RunAction, RunStatus, RunStatus, object?][] = [
  ['start', S.notStarted, S.queued],
  ['start', S.completed, S.queued],
  ['start', S.failed, S.queued],
  ['start', S.terminated, S.queued],
  ['pickUp', S.queued, S.running],
  ['pickUp', S.running, S.running],
  ['pause', S.queued, S.paused],
  ['pause', S.running, S.paused],
  ['resume', S.paused, S.queued, { caseRunning: false }],
  ['end', S.queued, S.terminated],
  ['end', S.running, S.terminated],
  ['end', S.paused, S.terminated],
  ['finish', S.queued, S.failed, { allPassed: false }],
  ['finish', S.running, S.completed, { allPassed: true }],
  ['finish', S.paused, S.failed, { allPassed: false }],
];

describe('task run state machine', () => {
  it.each(ALLOWED)('%s from %s goes to %s', (action, from, to, facts) => {
    expect(transition(from, action, facts)).toEqual({ ok: true, to });
  });

  it('resume goes back to running when a case is still running, finish to completed only when all passed', () => {
    expect(transition(S.paused, 'resume', { caseRunning: true })).toEqual({ ok: true, to: S.running });
    expect(transition(S.running, 'finish', { allPassed: false })).toEqual({ ok: true, to: S.failed });
    expect(transition(S.running, 'finish', { allPassed: true })).toEqual({ ok: true, to: S.completed });
  });

  const actions: RunAction[] = ['start', 'pickUp', 'pause', 'resume', 'end', 'finish'];
  const refused = actions.flatMap((action) =>
    ALL.filter((from) => !ALLOWED.some(([a, f]) => a === action && f === from)).map((from) => [action, from] as const),
  );

  it.each(refused)('%s from %s is refused with a message naming both', (action, from) => {
    const result = transition(from, action);
    expect(result.ok).toBe(false);
    expect(canRun(from, action)).toBe(false);
    if (!result.ok) expect(result.message).toContain(`任务状态为「${RUN_STATUS_LABELS[from]}」`);
  });

  it('words the refusal as the UI shows it', () => {
    expect(transition(S.running, 'start')).toEqual({ ok: false, message: '任务状态为「运行中」，不能执行「开始」' });
    expect(transition(S.notStarted, 'pause')).toEqual({ ok: false, message: '任务状态为「未开始」，不能执行「暂停」' });
  });

  it('offers the buttons each state allows', () => {
    expect(userActions(S.notStarted)).toEqual(['start']);
    expect(userActions(S.running)).toEqual(['pause', 'end']);
    expect(userActions(S.paused)).toEqual(['resume', 'end']);
    expect(userActions(S.failed)).toEqual(['start']);
  });

  it('reads unknown stored values as not started', () => {
    expect(toRunStatus(null)).toBe(S.notStarted);
    expect(toRunStatus(-1)).toBe(S.notStarted);
    expect(toRunStatus('5')).toBe(S.queued);
    expect(toRunStatus(6)).toBe(S.failed);
  });

  it('matches the seeded task_run_status dictionary', () => {
    const dict = seedDicts.find((entry) => entry.code === 'task_run_status');
    const seeded = Object.fromEntries(dict!.items.map((item) => [item.key, item.value]));
    expect(seeded).toEqual(Object.fromEntries(ALL.map((status) => [String(status), RUN_STATUS_LABELS[status]])));
  });
});

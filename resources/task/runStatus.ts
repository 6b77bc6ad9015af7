/**
 * The run state machine of a task (dictionary `task_run_status`), shared by the server (which enforces it) and the
 * UI (which shows only the buttons it allows). Pure: no Node or React imports.
 *
 * The keys keep the values seeded before runs existed (0..4), so stored tasks keep their meaning; 排队中 and 已失败
 * came later as 5 and 6.
 */
export const RUN_STATUS = {
  notStarted: 0,
  running: 1,
  paused: 2,
  completed: 3,
  terminated: 4,
  queued: 5,
  failed: 6,
} as const;

export type RunStatus = (typeof RUN_STATUS)[keyof typeof RUN_STATUS];

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  0: '未开始',
  1: '运行中',
  2: '已暂停',
  3: '已完成',
  4: '已终止',
  5: '排队中',
  6: '已失败',
};

/** `start` (execute), `pickUp` (the agent takes a case), `pause`, `resume`, `end`, `finish` (every case is done). */
export type RunAction = 'start' | 'pickUp' | 'pause' | 'resume' | 'end' | 'finish';

export const RUN_ACTION_LABELS: Record<RunAction, string> = {
  start: '开始',
  pickUp: '执行用例',
  pause: '暂停',
  resume: '继续',
  end: '结束',
  finish: '完成',
};

const S = RUN_STATUS;

/** The states each action may leave from. */
const FROM: Record<RunAction, readonly RunStatus[]> = {
  start: [S.notStarted, S.completed, S.failed, S.terminated],
  pickUp: [S.queued, S.running],
  pause: [S.queued, S.running],
  resume: [S.paused],
  end: [S.queued, S.running, S.paused],
  // A run paused while its last case was running still finishes when that case reports.
  finish: [S.queued, S.running, S.paused],
};

/** What the target state depends on: whether a case is running (resume) and whether every case passed (finish). */
export interface RunFacts {
  caseRunning?: boolean;
  allPassed?: boolean;
}

function target(action: RunAction, facts: RunFacts): RunStatus {
  switch (action) {
    case 'start':
      return S.queued;
    case 'pickUp':
      return S.running;
    case 'pause':
      return S.paused;
    case 'resume':
      return facts.caseRunning ? S.running : S.queued;
    case 'end':
      return S.terminated;
    case 'finish':
      return facts.allPassed ? S.completed : S.failed;
  }
}

/** A stored value as a state; anything unknown (null, -1, a typo) counts as 未开始. */
export function toRunStatus(value: unknown): RunStatus {
  const number = Number(value);
  return (Object.values(S) as number[]).includes(number) && value !== null && value !== '' ? (number as RunStatus) : S.notStarted;
}

export const runStatusLabel = (status: RunStatus) => RUN_STATUS_LABELS[status];

export const canRun = (status: RunStatus, action: RunAction) => FROM[action].includes(status);

/** The states from which `action` is allowed (for conditional UPDATEs: `WHERE run_status = ANY(...)`). */
export const statesAllowing = (action: RunAction): RunStatus[] => [...FROM[action]];

/** The message of a refused transition, naming both the state and the action. */
export const refusalMessage = (status: RunStatus, action: RunAction) =>
  `任务状态为「${RUN_STATUS_LABELS[status]}」，不能执行「${RUN_ACTION_LABELS[action]}」`;

export type Transition = { ok: true; to: RunStatus } | { ok: false; message: string };

export function transition(status: RunStatus, action: RunAction, facts: RunFacts = {}): Transition {
  if (!canRun(status, action)) return { ok: false, message: refusalMessage(status, action) };
  return { ok: true, to: target(action, facts) };
}

/** The buttons a user may press in `status` (the agent's `pickUp` and the run's `finish` are not buttons). */
export function userActions(status: RunStatus): RunAction[] {
  return (['start', 'pause', 'resume', 'end'] as const).filter((action) => canRun(status, action));
}

/** Whether a run in this state is still going (its agent may take or run cases). */
export const isActive = (status: RunStatus) => status === S.queued || status === S.running || status === S.paused;

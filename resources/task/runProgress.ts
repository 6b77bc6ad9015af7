import type { RunStatus } from './runStatus';

/** How far a task's latest run has come (`run-progress`): what a screen following the run polls. Pure: shared by the server and the UI. */
export interface RunProgress {
  taskId: string;
  /** The task's run status (`task_run_status`). */
  taskRunStatus: RunStatus;
  /** The latest run (null before the first), its cases counted by status; `open` = pending + running. */
  run: {
    id: string;
    runStatus: RunStatus;
    total: number;
    passed: number;
    failed: number;
    error: number;
    timeout: number;
    terminated: number;
    cancelled: number;
    pending: number;
    running: number;
    open: number;
  } | null;
  /**
   * Changes whenever the task's or the run's status or a case's status changes (and when a case is taken, to the
   * second: a case given back and taken by another terminal): a screen re-reads the task, its runs and cases then.
   */
  marker: string;
  /** Changes with `marker` and whenever a case's output grows: a screen showing the cases' logs re-reads them then. */
  outputMarker: string;
}

import type { Db } from '../db/types';

/** A process instance as the database holds it. */
export interface InstanceRow {
  id: string;
  tenant_id: string;
  deployment_id: string;
  process_definition_id: string;
  business_table: string | null;
  business_id: string | null;
  create_user: string;
  start_time: string;
  end_time: string | null;
  state: string;
  variables: string;
  engine_state: string | null;
  revision: number;
}

/** A user task the engine has just opened: who may do it is known (ids, role ids resolved). */
export interface FlowTaskOpened {
  instance: InstanceRow;
  taskId: string;
  activityId: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

/** An instance that has reached its end: the end events it passed and its last variables. */
export interface FlowInstanceEnded {
  instance: InstanceRow;
  endActivityIds: string[];
  variables: Record<string, unknown>;
}

/**
 * What other parts of the server do when a process moves (a review sets its case's audit status, the message
 * centre tells the next person). Each runs inside the engine's transaction: if it throws, the step does not happen.
 */
export interface FlowObserver {
  taskOpened?(tx: Db, event: FlowTaskOpened): Promise<void>;
  instanceEnded?(tx: Db, event: FlowInstanceEnded): Promise<void>;
}

// Observers are code, registered once by name when their module loads; a second registration replaces the first.
const observers = new Map<string, FlowObserver>();

export function observeFlow(name: string, observer: FlowObserver): void {
  observers.set(name, observer);
}

export async function notifyTaskOpened(tx: Db, event: FlowTaskOpened): Promise<void> {
  for (const observer of observers.values()) await observer.taskOpened?.(tx, event);
}

export async function notifyInstanceEnded(tx: Db, event: FlowInstanceEnded): Promise<void> {
  for (const observer of observers.values()) await observer.instanceEnded?.(tx, event);
}

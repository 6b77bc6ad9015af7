import { hearOtherProcesses, tellOtherProcesses } from '../../db/process-messages';
import type { Db } from '../../db/types';

/**
 * Wake-ups of the agents' waiting polls, by terminal: a run started, paused or ended wakes its terminal's poll at
 * once, in this process and (on PostgreSQL, through NOTIFY) in every other process on the same database. A poll also
 * looks again every second, for work that arrives without a wake-up.
 */

const waiting = new Map<string, Set<() => void>>();
/** The NOTIFY channel of the announcements; the payload is the terminal's id. */
export const TERMINAL_WORK_CHANNEL = 'blade_terminal_work';

function wakeHere(terminalId: string) {
  for (const wake of waiting.get(terminalId) ?? []) wake();
}

/** Wakes the terminal's waiting polls in every process: call after the change is committed. */
export async function announceWork(db: Db, terminalId: string): Promise<void> {
  wakeHere(terminalId);
  await tellOtherProcesses(db, TERMINAL_WORK_CHANNEL, terminalId, 'their polls still look again within a second');
}

/** Lets the other processes' announcements wake this process's polls, until `lifetime` ends. */
export function hearWakeUps(db: Db, lifetime: AbortSignal): Promise<void> {
  return hearOtherProcesses(db, TERMINAL_WORK_CHANNEL, wakeHere, lifetime, 'this process’s polls still look again within a second');
}

export function waitForWork(terminalId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(terminalId) ?? new Set();
    waiting.set(terminalId, set);
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0) waiting.delete(terminalId);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    set.add(done);
    signal.addEventListener('abort', done);
  });
}

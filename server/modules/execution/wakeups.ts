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
  try {
    await db.notify?.(TERMINAL_WORK_CHANNEL, terminalId);
  } catch (error) {
    // The other processes' polls still look again within a second.
    console.error('[execution] wake-up not sent to other processes:', error);
  }
}

/** Lets the other processes' announcements wake this process's polls, until `lifetime` ends. */
export function hearOtherProcesses(db: Db, lifetime: AbortSignal): Promise<void> {
  if (!db.listen) return Promise.resolve();
  return db.listen(TERMINAL_WORK_CHANNEL, wakeHere).then(
    (stop) => lifetime.addEventListener('abort', () => void stop()),
    (error: unknown) => console.error('[execution] not listening for other processes’ wake-ups:', error),
  );
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

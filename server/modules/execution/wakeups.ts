/**
 * Wake-ups of the agents' waiting polls in this process, by terminal: a run started, paused or ended wakes its
 * terminal's poll at once (other processes' polls notice within a second).
 */

const waiting = new Map<string, Set<() => void>>();

export function notifyTerminal(terminalId: string) {
  for (const wake of waiting.get(terminalId) ?? []) wake();
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

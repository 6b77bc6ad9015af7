import type { Db } from './types';

/**
 * Messages between the server processes on one database (PostgreSQL NOTIFY). A message that cannot be sent or heard
 * is logged, never thrown: each use has a slower way that still reaches the other processes (a poll looks again, a
 * cache entry expires), named by `fallback` in the log.
 */

/** Sends `payload` on `channel` to every process on the database (none where one process owns it: PGlite). */
export async function tellOtherProcesses(db: Db, channel: string, payload: string, fallback: string): Promise<void> {
  try {
    await db.notify?.(channel, payload);
  } catch (error) {
    console.error(`[${channel}] not sent to other processes (${fallback}):`, error);
  }
}

/** Calls `onMessage` with each payload sent on `channel`, from any process, until `lifetime` ends. */
export function hearOtherProcesses(db: Db, channel: string, onMessage: (payload: string) => void, lifetime: AbortSignal, fallback: string): Promise<void> {
  if (!db.listen) return Promise.resolve();
  return db.listen(channel, onMessage).then(
    (stop) => lifetime.addEventListener('abort', () => void stop()),
    (error: unknown) => console.error(`[${channel}] not listening to other processes (${fallback}):`, error),
  );
}

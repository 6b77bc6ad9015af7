import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { hearWakeUps, TERMINAL_WORK_CHANNEL, waitForWork } from '../../server/modules/execution/wakeups';

/**
 * Wake-ups between processes on one PostgreSQL database: what one process announces (a run started for a terminal)
 * reaches the agent polls waiting in another, through LISTEN/NOTIFY. Two connections pools stand for the two
 * processes; the in-process wake-up alone would not cross them. PostgreSQL only.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('wake-ups across processes', () => {
  let sender: Db;
  let receiver: Db;
  const lifetime = new AbortController();

  beforeAll(async () => {
    sender = await openPostgres(databaseUrl!);
    receiver = await openPostgres(databaseUrl!);
  });
  afterAll(async () => {
    lifetime.abort();
    await sender?.close();
    await receiver?.close();
  });

  it('delivers a payload to every listener of the channel, from another pool', async () => {
    const heard: string[] = [];
    const stop = await receiver.listen!('blade_test_channel', (payload) => heard.push(payload));
    await sender.notify!('blade_test_channel', 'hello');
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['hello']);
    await stop();
    await sender.notify!('blade_test_channel', 'after stop');
    await sender.notify!('blade_test_channel', 'flush');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['hello']);
  });

  it('ends a waiting poll when another process announces work for its terminal', async () => {
    await hearWakeUps(receiver, lifetime.signal);
    const poll = new AbortController();
    let ended = false;
    // A wait far longer than the test: only the announcement can end it in time.
    const waiting = waitForWork('terminal-7', 60_000, poll.signal).then(() => (ended = true));
    // What announceWork sends to the other processes, without its in-process wake-up (this test is one process).
    await sender.notify!(TERMINAL_WORK_CHANNEL, 'terminal-7');
    await expect.poll(() => ended, { timeout: 5000 }).toBe(true);
    await waiting;
  });
});

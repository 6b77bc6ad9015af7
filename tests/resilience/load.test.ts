import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, blade, paramKeysWithPrefix, startMain } from './process';

/** Full run: RESILIENCE_CLIENTS=50 RESILIENCE_SECONDS=60; CI runs the short default. */
const CLIENTS = Number(process.env.RESILIENCE_CLIENTS ?? 20);
const SECONDS = Number(process.env.RESILIENCE_SECONDS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'blade-resilience-load-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Tally {
  requests: number;
  errors: string[];
  acknowledged: Map<string, string>;
}

/** One client: lists, details, inserts and updates of its own rows, until the deadline. */
async function client(url: string, token: string, index: number, deadline: number, tally: Tally, prefix: string) {
  const mine: { id?: string; key: string }[] = [];
  let counter = 0;
  while (Date.now() < deadline) {
    const roll = Math.random();
    let path = '';
    try {
      if (roll < 0.4) {
        path = `/api/blade-system/param/list?current=${1 + Math.floor(Math.random() * 5)}&size=10`;
        const answer = await blade(url, token, path);
        if (answer.body.code !== 200) throw new Error(`${answer.status} ${answer.body.msg}`);
      } else if (roll < 0.55 && mine.length > 0) {
        const row = mine[Math.floor(Math.random() * mine.length)];
        path = `/api/blade-system/param/list?paramKey_equal=${row.key}`;
        const answer = await blade(url, token, path);
        if (answer.body.code !== 200) throw new Error(`${answer.status} ${answer.body.msg}`);
        row.id ??= answer.body.data.records[0]?.id;
      } else if (roll < 0.7 && mine.some((row) => row.id)) {
        const row = mine.find((candidate) => candidate.id)!;
        const value = `updated ${counter++}`;
        path = '/api/blade-system/param/submit (update)';
        const answer = await blade(url, token, '/api/blade-system/param/submit', { id: row.id, paramName: 'resilience', paramKey: row.key, paramValue: value });
        if (answer.body.code !== 200) throw new Error(`${answer.status} ${answer.body.msg}`);
        tally.acknowledged.set(row.key, value);
      } else {
        const key = `${prefix}${index}.${counter++}`;
        path = '/api/blade-system/param/submit';
        const answer = await blade(url, token, path, { paramName: 'resilience', paramKey: key, paramValue: 'v0' });
        if (answer.body.code !== 200) throw new Error(`${answer.status} ${answer.body.msg}`);
        tally.acknowledged.set(key, 'v0');
        mine.push({ key });
      }
    } catch (error) {
      tally.errors.push(`${path}: ${(error as Error).message}`);
    }
    tally.requests++;
  }
}

const targets: [string, { dataDir?: string; databaseUrl?: string }][] = [['PGlite', { dataDir }]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', { databaseUrl: process.env.TEST_DATABASE_URL }]);

describe.each(targets)(`${CLIENTS} clients × ${SECONDS} s of mixed reads and writes, %s`, (_name, storage) => {
  it('answers every request and loses no acknowledged write', async () => {
    const server = await startMain(storage);
    try {
      const token = await adminToken(server.url);
      const prefix = `res${Date.now().toString(36)}.`;
      const tally: Tally = { requests: 0, errors: [], acknowledged: new Map() };
      const deadline = Date.now() + SECONDS * 1000;
      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(server.url, token, index, deadline, tally, prefix)));
      console.log(`load: ${tally.requests} requests, ${tally.acknowledged.size} rows written, ${tally.errors.length} errors`);
      expect(tally.errors.slice(0, 5)).toEqual([]);

      const stored = await paramKeysWithPrefix(server.url, token, prefix);
      const lost = [...tally.acknowledged.keys()].filter((key) => !stored.has(key));
      expect(lost).toEqual([]);
      // Updated values too: spot-check the rows that were updated.
      for (const [key, value] of [...tally.acknowledged].filter(([, value]) => value !== 'v0').slice(0, 50)) {
        const row = await blade(server.url, token, `/api/blade-system/param/list?paramKey_equal=${key}`);
        expect(row.body.data.records[0].paramValue, key).toBe(value);
      }
    } finally {
      await server.stop();
    }
  });
});

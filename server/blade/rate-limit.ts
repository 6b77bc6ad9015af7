import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/types';

export const RATE_WINDOW_MS = 60_000;
export const RATE_LIMITED = '请求过于频繁,请稍后再试';

/** An IPv4 client on a dual-stack socket arrives as `::ffff:a.b.c.d`: recorded and counted as `a.b.c.d`. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1');

/** The socket's peer address (IPv4-mapped IPv6 as plain IPv4); undefined off a Node socket (app.request in a test). */
export function peerAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address === undefined ? undefined : plainAddress(address);
  } catch {
    return undefined;
  }
}

/**
 * At most `perMinute` requests per client address and minute to a credential endpoint, counted in the database
 * (one atomic upsert), so several processes on one PostgreSQL share the budget. The address is the socket's peer:
 * forwarded headers are the client's to forge.
 */
export function limitRate(db: Db, name: string, perMinute: number): MiddlewareHandler {
  return async (c, next) => {
    // Off a Node socket: one shared bucket.
    const address = peerAddress(c) ?? 'unknown';
    const now = Date.now();
    const windowStart = now - (now % RATE_WINDOW_MS);
    const [row] = await db.query<{ hits: number }>(
      `INSERT INTO blade_rate_limit (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = blade_rate_limit.hits + 1
       RETURNING hits`,
      [`${name}:${address}`.slice(0, 128), windowStart],
    );
    const hits = Number(row.hits);
    // The first hit of a window clears the windows before it.
    if (hits === 1) await db.query('DELETE FROM blade_rate_limit WHERE window_start < $1', [windowStart - RATE_WINDOW_MS]);
    if (hits > perMinute) {
      const retryAfter = Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000);
      return c.json({ error_code: 429, error_description: RATE_LIMITED }, 429, { 'Retry-After': String(retryAfter) });
    }
    return next();
  };
}

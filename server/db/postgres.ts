import pg from 'pg';
import { CONNECTION_USES, StatementNames } from './postgres-statements';
import { textParsers, type Db } from './types';

const types = {
  getTypeParser: (oid: number, format?: string) =>
    textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
};

const QUOTED_CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * One connection kept for LISTEN, shared by every channel of this process: made on the first `listen`, made again
 * after it drops (a restarted database server), with its channels listened to again.
 */
function listener(connectionString: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const client = new pg.Client({ connectionString, types });
      client.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => {
        connecting = undefined;
        client.end().catch(() => undefined);
        if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
      });
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      return client;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    }));
  const resubscribe = () => connect().catch(() => (closed ? undefined : setTimeout(() => void resubscribe(), 1000).unref()));
  return {
    async listen(channel: string, onMessage: (payload: string) => void) {
      if (!QUOTED_CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onMessage);
      const client = await connect();
      if (first) await client.query(`LISTEN ${channel}`);
      return async () => {
        set.delete(onMessage);
      };
    },
    async close() {
      closed = true;
      const client = await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/** A PostgreSQL server (`DATABASE_URL`) for running several instances on one database. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10, maxUses: CONNECTION_USES });
  const statements = new StatementNames();
  // An idle connection the database server ends (a restart, an administrator's command) is dropped from the pool and
  // replaced on the next query; unhandled, its error event would end the process.
  pool.on('error', (error) => console.error('[db] an idle connection ended:', error.message));
  await pool.query('SELECT 1');
  const notifications = listener(connectionString);
  const notify = async (channel: string, payload: string) => {
    await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  };

  function onClient(client: pg.PoolClient): Db {
    const query = <T>(sql: string, params: unknown[] = []) => statements.run<T>(client, sql, params, true);
    const tx: Db = {
      query,
      cachedQuery: query,
      keepsReads: () => false,
      exec: async (sql) => {
        await client.query(sql);
      },
      transaction: (inner) => inner(tx),
      clearCache: () => undefined,
      close: async () => undefined,
    };
    return tx;
  }

  const query = <T>(sql: string, params: unknown[] = []) => statements.run<T>(pool, sql, params, false);
  return {
    query,
    // Other instances write to this database too: nothing read can be kept.
    cachedQuery: query,
    keepsReads: () => false,
    exec: async (sql) => {
      await pool.query(sql);
    },
    // Nothing is cached (see cachedQuery).
    clearCache: () => undefined,
    cacheFigures: async () => statements.figures(),
    notify,
    listen: notifications.listen,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

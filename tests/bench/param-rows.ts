import type { Db } from '../../server/db/types';

/**
 * Adds `count` 参数管理 rows to the administrator tenant, newest first by the second, in one statement: the rows the
 * benches read so that random pages and ids miss the read cache; the table is analyzed after.
 */
export async function insertBenchParams(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, remark,
       create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     SELECT 1000000000000000000 + n, '000000', 'bench param ' || n, 'bench.key.' || n, 'value ' || n, '',
       1, 1, now() - (n || ' seconds')::interval, 1, now(), 1, 0
     FROM generate_series(1, $1::int) AS n`,
    [count],
  );
  // Statistics as a running database has them: PostgreSQL's autovacuum analyzes a table only a minute or so after a
  // bulk insert, so the figures measured before and after that moment were planned on different statistics (page
  // 10 000 on PostgreSQL read 37 ms p50 in one run and 283 ms in the next).
  await db.exec('ANALYZE blade_param');
}

-- Anchors of deep list pages (server/blade/keyset.ts): every 1000th key of a tenant's live rows in a table's default
-- order (create_time DESC, id DESC) with how many live rows come before it: `rows_before` plus the tenant's
-- `anchor_shift` in blade_row_count. The live-row count trigger keeps that sum exact in the writing transaction,
-- whoever writes (a save, raw SQL, a cascade, another process), so a deep page after a write reads from its anchor
-- instead of numbering the list again. Rows newer than every anchor (a save) move them all: one change of the
-- shift, in the count row the trigger updates anyway, rather than of every anchor (which, without autovacuum in
-- PGlite, would also leave a dead row per anchor per save).
CREATE TABLE blade_list_anchor (
  table_name varchar(64) NOT NULL,
  tenant_id varchar(12) NOT NULL,
  create_time timestamp NOT NULL,
  id bigint NOT NULL,
  rows_before bigint NOT NULL,
  PRIMARY KEY (table_name, tenant_id, create_time, id)
);
ALTER TABLE blade_row_count ADD COLUMN anchor_shift bigint NOT NULL DEFAULT 0;

-- Anchors move by the live rows a statement adds before them less those it takes away; an anchor's own row may go
-- (its key still splits the order). Rows without a creation time compare as unknown, in numbering and here alike.
-- Generic plans: planned per call for the table name, the anchor statements cost a save on PGlite more than they do.
-- The three branches differ only in their `changed` rows: an insert's trigger has no old_rows and a delete's no
-- new_rows (transition tables are per event), so no one statement can name both.
CREATE OR REPLACE FUNCTION blade_count_live_rows() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE blade_row_count AS counted SET live_rows = counted.live_rows - gone.n
    FROM (SELECT tenant_id, count(*) AS n FROM old_rows WHERE is_deleted = 0 GROUP BY tenant_id) AS gone
    WHERE counted.table_name = TG_TABLE_NAME AND counted.tenant_id = gone.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
    SELECT TG_TABLE_NAME, tenant_id, count(*) FROM new_rows WHERE is_deleted = 0 GROUP BY tenant_id
    ON CONFLICT (table_name, tenant_id) DO UPDATE SET live_rows = blade_row_count.live_rows + EXCLUDED.live_rows;
  END IF;
  -- After the count: its row lock orders the writers of a tenant's table, and a numbering reader takes it too.
  IF EXISTS (SELECT 1 FROM blade_list_anchor WHERE table_name = TG_TABLE_NAME) THEN
    IF TG_OP = 'INSERT' THEN
      WITH changed AS (SELECT tenant_id, create_time, id, 1 AS n FROM new_rows WHERE is_deleted = 0),
      newest AS (SELECT DISTINCT ON (tenant_id) tenant_id, create_time, id FROM blade_list_anchor
                 WHERE table_name = TG_TABLE_NAME ORDER BY tenant_id, create_time DESC, id DESC),
      placed AS (SELECT c.tenant_id, c.create_time, c.id, c.n, (c.create_time, c.id) > (w.create_time, w.id) AS at_head
                 FROM changed c JOIN newest w ON w.tenant_id = c.tenant_id),
      head AS (UPDATE blade_row_count AS counted SET anchor_shift = counted.anchor_shift + h.n
               FROM (SELECT tenant_id, sum(n) AS n FROM placed WHERE at_head GROUP BY tenant_id) AS h
               WHERE counted.table_name = TG_TABLE_NAME AND counted.tenant_id = h.tenant_id AND h.n <> 0)
      UPDATE blade_list_anchor AS anchor SET rows_before = anchor.rows_before + moved.n
      FROM (SELECT a.tenant_id, a.create_time, a.id, sum(p.n) AS n
            FROM blade_list_anchor a JOIN placed p ON p.tenant_id = a.tenant_id AND NOT p.at_head
              AND (p.create_time, p.id) > (a.create_time, a.id)
            WHERE a.table_name = TG_TABLE_NAME GROUP BY a.tenant_id, a.create_time, a.id HAVING sum(p.n) <> 0) AS moved
      WHERE anchor.table_name = TG_TABLE_NAME AND anchor.tenant_id = moved.tenant_id
        AND anchor.create_time = moved.create_time AND anchor.id = moved.id;
    ELSIF TG_OP = 'DELETE' THEN
      WITH changed AS (SELECT tenant_id, create_time, id, -1 AS n FROM old_rows WHERE is_deleted = 0),
      newest AS (SELECT DISTINCT ON (tenant_id) tenant_id, create_time, id FROM blade_list_anchor
                 WHERE table_name = TG_TABLE_NAME ORDER BY tenant_id, create_time DESC, id DESC),
      placed AS (SELECT c.tenant_id, c.create_time, c.id, c.n, (c.create_time, c.id) > (w.create_time, w.id) AS at_head
                 FROM changed c JOIN newest w ON w.tenant_id = c.tenant_id),
      head AS (UPDATE blade_row_count AS counted SET anchor_shift = counted.anchor_shift + h.n
               FROM (SELECT tenant_id, sum(n) AS n FROM placed WHERE at_head GROUP BY tenant_id) AS h
               WHERE counted.table_name = TG_TABLE_NAME AND counted.tenant_id = h.tenant_id AND h.n <> 0)
      UPDATE blade_list_anchor AS anchor SET rows_before = anchor.rows_before + moved.n
      FROM (SELECT a.tenant_id, a.create_time, a.id, sum(p.n) AS n
            FROM blade_list_anchor a JOIN placed p ON p.tenant_id = a.tenant_id AND NOT p.at_head
              AND (p.create_time, p.id) > (a.create_time, a.id)
            WHERE a.table_name = TG_TABLE_NAME GROUP BY a.tenant_id, a.create_time, a.id HAVING sum(p.n) <> 0) AS moved
      WHERE anchor.table_name = TG_TABLE_NAME AND anchor.tenant_id = moved.tenant_id
        AND anchor.create_time = moved.create_time AND anchor.id = moved.id;
    ELSE
      WITH changed AS (SELECT tenant_id, create_time, id, 1 AS n FROM new_rows WHERE is_deleted = 0
                       UNION ALL SELECT tenant_id, create_time, id, -1 FROM old_rows WHERE is_deleted = 0),
      newest AS (SELECT DISTINCT ON (tenant_id) tenant_id, create_time, id FROM blade_list_anchor
                 WHERE table_name = TG_TABLE_NAME ORDER BY tenant_id, create_time DESC, id DESC),
      placed AS (SELECT c.tenant_id, c.create_time, c.id, c.n, (c.create_time, c.id) > (w.create_time, w.id) AS at_head
                 FROM changed c JOIN newest w ON w.tenant_id = c.tenant_id),
      head AS (UPDATE blade_row_count AS counted SET anchor_shift = counted.anchor_shift + h.n
               FROM (SELECT tenant_id, sum(n) AS n FROM placed WHERE at_head GROUP BY tenant_id) AS h
               WHERE counted.table_name = TG_TABLE_NAME AND counted.tenant_id = h.tenant_id AND h.n <> 0)
      UPDATE blade_list_anchor AS anchor SET rows_before = anchor.rows_before + moved.n
      FROM (SELECT a.tenant_id, a.create_time, a.id, sum(p.n) AS n
            FROM blade_list_anchor a JOIN placed p ON p.tenant_id = a.tenant_id AND NOT p.at_head
              AND (p.create_time, p.id) > (a.create_time, a.id)
            WHERE a.table_name = TG_TABLE_NAME GROUP BY a.tenant_id, a.create_time, a.id HAVING sum(p.n) <> 0) AS moved
      WHERE anchor.table_name = TG_TABLE_NAME AND anchor.tenant_id = moved.tenant_id
        AND anchor.create_time = moved.create_time AND anchor.id = moved.id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

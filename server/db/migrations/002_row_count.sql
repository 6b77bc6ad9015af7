-- Live-row counts per table and tenant, kept by statement-level triggers on resource tables, so an unfiltered
-- list page answers its total without scanning (design.md §7: 100 000-row lists).
CREATE TABLE blade_row_count (
  table_name varchar(64) NOT NULL,
  tenant_id varchar(12) NOT NULL,
  live_rows bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (table_name, tenant_id)
);

CREATE FUNCTION blade_count_live_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END
$$;

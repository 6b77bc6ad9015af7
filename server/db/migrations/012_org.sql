-- Users, departments and posts become full resources.

-- Per-user platform extension (`platform-detail` / `update-platform`): a small JSON or text value.
ALTER TABLE blade_user ADD COLUMN IF NOT EXISTS user_ext text;

-- The generic store names a unique index `<table>_<column>_unique` to answer its message on a clash.
ALTER INDEX IF EXISTS blade_user_account RENAME TO blade_user_account_unique;
CREATE UNIQUE INDEX IF NOT EXISTS blade_post_post_code_unique ON blade_post (tenant_id, post_code) WHERE is_deleted = 0;

-- Live-row counts (unfiltered list totals) for the three tables, as schema-owned tables get them.
CREATE TRIGGER blade_user_count_insert AFTER INSERT ON blade_user REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_user_count_update AFTER UPDATE ON blade_user REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_user_count_delete AFTER DELETE ON blade_user REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_dept_count_insert AFTER INSERT ON blade_dept REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_dept_count_update AFTER UPDATE ON blade_dept REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_dept_count_delete AFTER DELETE ON blade_dept REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_post_count_insert AFTER INSERT ON blade_post REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_post_count_update AFTER UPDATE ON blade_post REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
CREATE TRIGGER blade_post_count_delete AFTER DELETE ON blade_post REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();
DELETE FROM blade_row_count WHERE table_name IN ('blade_user', 'blade_dept', 'blade_post');
INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
  SELECT 'blade_user', tenant_id, count(*) FROM blade_user WHERE is_deleted = 0 GROUP BY tenant_id;
INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
  SELECT 'blade_dept', tenant_id, count(*) FROM blade_dept WHERE is_deleted = 0 GROUP BY tenant_id;
INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
  SELECT 'blade_post', tenant_id, count(*) FROM blade_post WHERE is_deleted = 0 GROUP BY tenant_id;

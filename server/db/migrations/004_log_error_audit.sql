-- The error log becomes a read-only resource: give it the audit shape every resource table has.
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS create_user bigint;
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS create_dept bigint;
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS update_user bigint;
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS update_time timestamp;
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS status integer NOT NULL DEFAULT 1;
ALTER TABLE blade_log_error ADD COLUMN IF NOT EXISTS is_deleted integer NOT NULL DEFAULT 0;

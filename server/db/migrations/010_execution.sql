-- Test execution: runs of a task on a terminal, their cases, reports, and the agent tokens of terminals.
-- Migrations run before the schema-owned tables are ensured, so the tables the run engine reads are created here
-- when missing, with the columns it needs; the schema machinery adds the rest (ADD COLUMN IF NOT EXISTS).

CREATE TABLE IF NOT EXISTS blade_task (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  task_code varchar(64),
  task_name varchar(128),
  task_type integer,
  parent_id bigint,
  project_id bigint,
  run_status integer,
  start_time timestamp,
  end_time timestamp,
  duration integer,
  terminal_id bigint,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

-- Runs start and end at a moment, not on a day.
DO $$
BEGIN
  IF (SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'blade_task' AND column_name = 'start_time') = 'date' THEN
    ALTER TABLE blade_task ALTER COLUMN start_time TYPE timestamp;
  END IF;
  IF (SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'blade_task' AND column_name = 'end_time') = 'date' THEN
    ALTER TABLE blade_task ALTER COLUMN end_time TYPE timestamp;
  END IF;
END $$;

CREATE TABLE IF NOT EXISTS blade_task_test_case (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  task_id bigint NOT NULL,
  test_case_id bigint NOT NULL,
  sort integer,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_task_test_case_task ON blade_task_test_case (task_id);

CREATE TABLE IF NOT EXISTS blade_test_case (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  case_code varchar(64),
  case_title varchar(255),
  test_script_id bigint,
  audit_status integer,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS blade_test_script (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  script_code varchar(64),
  script_path varchar(1000),
  version varchar(64),
  audit_status integer,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS blade_terminal (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  terminal_code varchar(64),
  terminal_name varchar(128),
  running_status integer,
  last_heartbeat timestamp,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS blade_task_record (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  project_code varchar(64),
  task_code varchar(64),
  terminal_code varchar(64),
  execution_status integer,
  executor varchar(64),
  execute_time timestamp,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

-- One execution of a task on its terminal. `status` follows task_run_status (resources/task/runStatus.ts).
CREATE TABLE blade_task_run (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  task_id bigint NOT NULL,
  task_code varchar(64),
  terminal_id bigint NOT NULL,
  terminal_code varchar(64),
  record_id bigint,
  run_status integer NOT NULL,
  time_limit_seconds integer NOT NULL,
  start_time timestamp NOT NULL,
  end_time timestamp,
  duration integer,
  executor varchar(64),
  total_count integer NOT NULL DEFAULT 0,
  passed_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  timeout_count integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_task_run_task ON blade_task_run (tenant_id, task_id, start_time);
CREATE INDEX blade_task_run_terminal ON blade_task_run (terminal_id, run_status);

-- One case of a run. case_status: pending, running, passed, failed, error, timeout, terminated, cancelled.
CREATE TABLE blade_task_run_case (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  run_id bigint NOT NULL,
  terminal_id bigint NOT NULL,
  test_case_id bigint NOT NULL,
  case_code varchar(64),
  case_title varchar(255),
  script_key varchar(1000) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  case_status varchar(16) NOT NULL DEFAULT 'pending',
  exit_code integer,
  duration_ms integer,
  message varchar(255),
  log text NOT NULL DEFAULT '',
  started_at timestamp,
  ended_at timestamp,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_task_run_case_run ON blade_task_run_case (run_id, sort, id);
CREATE INDEX blade_task_run_case_open ON blade_task_run_case (terminal_id, case_status)
  WHERE case_status IN ('pending', 'running');

-- The report of a finished run (spec §3 Test report).
CREATE TABLE blade_test_report (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  run_id bigint NOT NULL UNIQUE,
  task_id bigint NOT NULL,
  report_name varchar(255),
  task_summary varchar(255),
  start_time timestamp,
  end_time timestamp,
  runtime_duration_str varchar(64),
  total_count integer NOT NULL DEFAULT 0,
  passed_count integer NOT NULL DEFAULT 0,
  pass_rate numeric NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_test_report_task ON blade_test_report (tenant_id, task_id, start_time);

-- Agent tokens: only their SHA-256 is kept; a terminal has at most one live token.
CREATE TABLE blade_terminal_token (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  terminal_id bigint NOT NULL,
  token_hash varchar(64) NOT NULL UNIQUE,
  last_used timestamp,
  revoked_time timestamp,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_terminal_token_terminal ON blade_terminal_token (terminal_id) WHERE is_deleted = 0;

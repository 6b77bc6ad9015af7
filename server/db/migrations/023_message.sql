-- Messages addressed to one user (the header's 消息 tab and 我的消息): a workflow task opened for them or returned
-- to them, a test run of theirs that ended, a scheduled job's alert. Written by the server only; each user reads
-- their own rows, in their tenant.
CREATE TABLE IF NOT EXISTS blade_message (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  user_id bigint NOT NULL,
  -- flow | run | alert (resources/message/wire.ts)
  category varchar(16) NOT NULL,
  title varchar(255) NOT NULL,
  content varchar(2000),
  -- The screen the message opens (a flow task's form or 待办事务, the run's task, the job), a path of the app.
  link varchar(500),
  is_read integer NOT NULL DEFAULT 0,
  read_time timestamp,
  create_time timestamp NOT NULL,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE INDEX IF NOT EXISTS blade_message_user ON blade_message (tenant_id, user_id, is_read, create_time DESC);

-- The last alert of each scheduled job: at most one per its silence window, however many processes see failures.
CREATE TABLE IF NOT EXISTS blade_job_alert (
  job_id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  last_alert_time timestamp NOT NULL
);

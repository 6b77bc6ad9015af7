-- Runs of scheduled jobs (任务信息 → 运行记录): one row per trigger, by the schedule, by 运行 or by the API, with what
-- its processor answered. Written by the scheduler only; read per job under the job's tenant.
CREATE TABLE IF NOT EXISTS blade_job_instance (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  job_id bigint NOT NULL,
  job_name varchar(128),
  trigger_type integer NOT NULL,
  instance_status integer NOT NULL,
  trigger_time timestamp NOT NULL,
  finish_time timestamp,
  duration_ms integer,
  attempts integer NOT NULL DEFAULT 0,
  result varchar(2000),
  -- The execution records of the test runs the instance started (runTestTask), comma-joined.
  record_ids varchar(2000)
);

CREATE INDEX IF NOT EXISTS blade_job_instance_job ON blade_job_instance (job_id, trigger_time DESC);

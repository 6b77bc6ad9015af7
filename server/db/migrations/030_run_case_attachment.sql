-- Files a script wrote into its output folder, collected by the agent after the case: the case's attachments. The
-- bytes live in object storage (the tenant's enabled setting when they were uploaded, recorded in blade_oss_object).
CREATE TABLE IF NOT EXISTS blade_task_run_case_attachment (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  run_id bigint NOT NULL,
  case_id bigint NOT NULL,
  file_name varchar(255) NOT NULL,
  object_key varchar(1100) NOT NULL,
  content_type varchar(100) NOT NULL,
  file_size bigint NOT NULL,
  create_time timestamp NOT NULL DEFAULT now(),
  UNIQUE (case_id, file_name)
);
CREATE INDEX IF NOT EXISTS blade_task_run_case_attachment_run ON blade_task_run_case_attachment (run_id, case_id);

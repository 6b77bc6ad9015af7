-- Workflows (流程管理, 我的事务): models drawn or uploaded, their deployments (one process definition each), the
-- running instances with the engine's serialized state, the user tasks a wait state opened, and each instance's
-- history of activities. Every row belongs to a tenant; the engine's state lives here, never only in memory.
CREATE TABLE IF NOT EXISTS blade_flow_model (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  model_key varchar(255) NOT NULL,
  name varchar(255) NOT NULL,
  description varchar(2000),
  xml text,
  version integer NOT NULL DEFAULT 1,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_flow_model_tenant ON blade_flow_model (tenant_id, is_deleted);

-- A deployment is one process definition: its id is the processDefinitionId (`key:version:deploymentId`).
CREATE TABLE IF NOT EXISTS blade_flow_deployment (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  process_definition_id varchar(255) NOT NULL,
  process_key varchar(255) NOT NULL,
  name varchar(255),
  description varchar(2000),
  category varchar(64),
  version integer NOT NULL,
  resource_name varchar(255),
  xml text NOT NULL,
  -- 1 active, 2 suspended (BladeX suspensionState)
  suspension_state integer NOT NULL DEFAULT 1,
  model_id bigint,
  deployment_time timestamp NOT NULL,
  create_user bigint,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS blade_flow_deployment_definition ON blade_flow_deployment (tenant_id, process_definition_id);
CREATE UNIQUE INDEX IF NOT EXISTS blade_flow_deployment_version ON blade_flow_deployment (tenant_id, process_key, version);

CREATE TABLE IF NOT EXISTS blade_flow_instance (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  deployment_id bigint NOT NULL,
  process_definition_id varchar(255) NOT NULL,
  business_table varchar(64),
  business_id varchar(64),
  -- The starter (create_user/create_dept, so the data scope rules of 流程跟踪 apply to instances as to other rows).
  create_user bigint NOT NULL,
  create_dept bigint,
  start_time timestamp NOT NULL,
  end_time timestamp,
  -- running, finished, deleted
  state varchar(16) NOT NULL DEFAULT 'running',
  delete_reason varchar(500),
  variables text NOT NULL DEFAULT '{}',
  engine_state text,
  -- The earliest timer the engine waits for; the ticker resumes the instance when it is due.
  timer_due_at timestamp,
  -- Bumped on every advance: a write of the state only lands on the version it was read at.
  revision integer NOT NULL DEFAULT 0,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_flow_instance_timer ON blade_flow_instance (timer_due_at) WHERE timer_due_at IS NOT NULL AND state = 'running';
CREATE INDEX IF NOT EXISTS blade_flow_instance_starter ON blade_flow_instance (tenant_id, create_user, start_time DESC);

CREATE TABLE IF NOT EXISTS blade_flow_task (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  instance_id bigint NOT NULL,
  activity_id varchar(255) NOT NULL,
  -- The engine's execution of the task: a task met again on resume is the same row.
  execution_id varchar(255) NOT NULL,
  name varchar(255),
  assignee bigint,
  candidate_users varchar(2000),
  -- role ids, comma-joined
  candidate_groups varchar(2000),
  create_time timestamp NOT NULL,
  claim_time timestamp,
  end_time timestamp,
  -- open, done, cancelled
  state varchar(16) NOT NULL DEFAULT 'open',
  comment varchar(2000),
  pass integer,
  variables text,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_flow_task_open ON blade_flow_task (tenant_id, state, assignee);
CREATE INDEX IF NOT EXISTS blade_flow_task_instance ON blade_flow_task (instance_id);

CREATE TABLE IF NOT EXISTS blade_flow_history (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  instance_id bigint NOT NULL,
  activity_id varchar(255) NOT NULL,
  activity_name varchar(255),
  activity_type varchar(64) NOT NULL,
  -- The engine's execution id of this activity run: its end finds its start.
  execution_id varchar(255) NOT NULL,
  start_time timestamp NOT NULL,
  end_time timestamp,
  assignee bigint,
  comment varchar(2000),
  task_id bigint
);
CREATE INDEX IF NOT EXISTS blade_flow_history_instance ON blade_flow_history (instance_id, start_time);

-- The leave process's business record (请假流程).
CREATE TABLE IF NOT EXISTS blade_process_leave (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  process_definition_id varchar(255) NOT NULL,
  process_instance_id bigint,
  leave_type varchar(32),
  start_time timestamp NOT NULL,
  end_time timestamp NOT NULL,
  days numeric(6, 1) NOT NULL,
  reason varchar(2000) NOT NULL,
  apply_time timestamp NOT NULL,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

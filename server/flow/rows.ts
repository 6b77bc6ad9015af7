/** The engine's tables as the database returns them (snake_case columns). */

export interface DeploymentRow {
  id: string;
  tenant_id: string;
  process_definition_id: string;
  process_key: string;
  name: string;
  category: string | null;
  version: number;
  xml: string;
  suspension_state: number;
}

export interface InstanceRow {
  id: string;
  tenant_id: string;
  deployment_id: string;
  process_definition_id: string;
  business_table: string | null;
  business_id: string | null;
  create_user: string;
  start_time: string;
  end_time: string | null;
  state: string;
  variables: string;
  engine_state: string | null;
  revision: number;
}

export interface TaskRow {
  id: string;
  tenant_id: string;
  instance_id: string;
  activity_id: string;
  execution_id: string;
  name: string;
  assignee: string | null;
  candidate_users: string | null;
  candidate_groups: string | null;
  create_time: string;
  claim_time: string | null;
  end_time: string | null;
  state: string;
}

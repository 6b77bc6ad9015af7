-- Columns of the code generator's data models (数据模型 → 模型配置, spec §3 model column): how each column of the
-- model's table becomes a field of the generated resource. Saved as a list per model (`model-prototype/submit-list`).
CREATE TABLE IF NOT EXISTS blade_model_prototype (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  model_id bigint NOT NULL,
  jdbc_name varchar(64) NOT NULL,
  jdbc_type varchar(64) NOT NULL,
  max_length integer,
  property_name varchar(64) NOT NULL,
  property_entity varchar(16) NOT NULL,
  jdbc_comment varchar(255),
  is_list integer NOT NULL DEFAULT 1,
  is_form integer NOT NULL DEFAULT 1,
  is_row integer NOT NULL DEFAULT 0,
  is_required integer NOT NULL DEFAULT 0,
  component_type varchar(16),
  dict_code varchar(64),
  is_query integer NOT NULL DEFAULT 0,
  query_type varchar(16),
  sort integer NOT NULL DEFAULT 0,
  create_user bigint,
  create_dept bigint,
  create_time timestamp,
  update_user bigint,
  update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE INDEX IF NOT EXISTS blade_model_prototype_model ON blade_model_prototype (model_id, sort);

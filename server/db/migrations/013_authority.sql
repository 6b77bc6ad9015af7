-- Roles' data and API scopes (BladeX blade_scope_data / blade_scope_api / blade_role_scope). Scopes are defined per
-- menu (resource_code = the menu's code = the resource's permission code) and, unlike BladeX, per tenant: an API
-- scope of one tenant never limits another tenant's callers.
CREATE TABLE IF NOT EXISTS blade_scope_data (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  menu_id bigint,
  resource_code varchar(255),
  scope_name varchar(255),
  scope_field varchar(255),
  scope_class varchar(500),
  scope_column varchar(255),
  scope_type integer,
  -- Type 5 (custom): comma-joined dept ids. Never SQL.
  scope_value varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_scope_data_menu ON blade_scope_data (tenant_id, menu_id) WHERE is_deleted = 0;

CREATE TABLE IF NOT EXISTS blade_scope_api (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  menu_id bigint,
  resource_code varchar(255),
  scope_name varchar(255),
  scope_path varchar(255),
  scope_type integer,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS blade_scope_api_menu ON blade_scope_api (tenant_id, menu_id) WHERE is_deleted = 0;

CREATE TABLE IF NOT EXISTS blade_role_scope (
  id bigint PRIMARY KEY,
  -- 1 data scope, 2 API scope.
  scope_category integer NOT NULL,
  scope_id bigint NOT NULL,
  role_id bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS blade_role_scope_pair ON blade_role_scope (role_id, scope_category, scope_id);

CREATE UNIQUE INDEX IF NOT EXISTS blade_role_role_alias_unique ON blade_role (tenant_id, role_alias) WHERE is_deleted = 0;

-- Core BladeX system tables. Every entity carries the audit columns of blade-contract §1.

CREATE TABLE blade_setting (
  setting_key varchar(64) PRIMARY KEY,
  setting_value text NOT NULL
);

CREATE TABLE blade_tenant (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  tenant_name varchar(50) NOT NULL,
  domain varchar(255),
  background_url varchar(1000),
  linkman varchar(20),
  contact_number varchar(20),
  address varchar(255),
  account_number integer DEFAULT -1,
  expire_time timestamp,
  package_id bigint,
  license_key varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_tenant_tenant_id ON blade_tenant (tenant_id) WHERE is_deleted = 0;

CREATE TABLE blade_dept (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  parent_id bigint NOT NULL DEFAULT 0,
  ancestors varchar(2000),
  dept_category integer,
  dept_name varchar(45),
  full_name varchar(45),
  sort integer,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE blade_role (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  parent_id bigint NOT NULL DEFAULT 0,
  role_name varchar(255),
  sort integer,
  role_alias varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE blade_post (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  category integer,
  post_code varchar(12),
  post_name varchar(64),
  sort integer,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE blade_user (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  code varchar(12),
  user_type integer DEFAULT 1,
  account varchar(45) NOT NULL,
  password varchar(100),
  name varchar(20),
  real_name varchar(10),
  avatar varchar(500),
  email varchar(45),
  phone varchar(45),
  birthday timestamp,
  sex integer,
  role_id varchar(1000),
  dept_id varchar(1000),
  post_id varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_user_account ON blade_user (tenant_id, account) WHERE is_deleted = 0;

CREATE TABLE blade_client (
  id bigint PRIMARY KEY,
  client_id varchar(48) NOT NULL,
  -- SHA-256 hex of the secret: the secret is never stored in clear.
  client_secret varchar(256) NOT NULL,
  resource_ids varchar(256),
  scope varchar(256),
  authorized_grant_types varchar(256),
  web_server_redirect_uri varchar(256),
  authorities varchar(256),
  access_token_validity integer,
  refresh_token_validity integer,
  additional_information varchar(4096),
  autoapprove varchar(256),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_client_client_id ON blade_client (client_id) WHERE is_deleted = 0;

CREATE TABLE blade_menu (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255),
  name varchar(255),
  alias varchar(255),
  path varchar(255),
  source varchar(255),
  component varchar(255),
  sort integer,
  category integer,
  action integer DEFAULT 0,
  is_open integer DEFAULT 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_menu_code ON blade_menu (code);

CREATE TABLE blade_role_menu (
  id bigint PRIMARY KEY,
  menu_id bigint NOT NULL,
  role_id bigint NOT NULL
);
CREATE UNIQUE INDEX blade_role_menu_pair ON blade_role_menu (role_id, menu_id);

CREATE TABLE blade_top_menu (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  code varchar(255),
  name varchar(255),
  source varchar(255),
  path varchar(255),
  sort integer,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE blade_top_menu_setting (
  id bigint PRIMARY KEY,
  top_menu_id bigint NOT NULL,
  menu_id bigint NOT NULL
);
CREATE UNIQUE INDEX blade_top_menu_setting_pair ON blade_top_menu_setting (top_menu_id, menu_id);

CREATE TABLE blade_dict (
  id bigint PRIMARY KEY,
  -- System dictionaries are shared by every tenant; the column keeps the audit shape uniform.
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255),
  dict_key varchar(255),
  dict_value varchar(255),
  sort integer,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_dict_code ON blade_dict (code, is_deleted);

CREATE TABLE blade_dict_biz (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255),
  dict_key varchar(255),
  dict_value varchar(255),
  sort integer,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_dict_biz_code ON blade_dict_biz (tenant_id, code, is_deleted);

-- Login sessions: one row per login; refresh tokens name their session and die with it (logout revokes).
CREATE TABLE blade_auth_session (
  session_id varchar(64) PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked integer NOT NULL DEFAULT 0
);

CREATE TABLE blade_captcha (
  captcha_key varchar(64) PRIMARY KEY,
  code varchar(16) NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE blade_login_failure (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  account varchar(45) NOT NULL,
  failed_at bigint NOT NULL
);
CREATE INDEX blade_login_failure_account ON blade_login_failure (tenant_id, account, failed_at);

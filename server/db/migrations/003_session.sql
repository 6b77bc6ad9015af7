-- Issue 3: the other login modes (SMS, social, SSO), uploads and uploaded error logs.

-- SMS codes sent for the `sms_code` grant (the default channel writes them to the server log).
CREATE TABLE blade_sms_record (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  phone varchar(20) NOT NULL,
  code varchar(12) NOT NULL,
  content varchar(500) NOT NULL,
  send_time bigint NOT NULL,
  expires_at bigint NOT NULL,
  used integer NOT NULL DEFAULT 0,
  -- Wrong guesses; the code dies after a few so it cannot be brute-forced within its 5 minutes.
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_sms_record_phone ON blade_sms_record (tenant_id, phone, send_time);

-- OAuth2 sources for the `social` grant; only an administrator configures these URLs (no URL comes from a request).
CREATE TABLE blade_social_provider (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  source varchar(64) NOT NULL,
  client_id varchar(255) NOT NULL,
  client_secret varchar(255) NOT NULL,
  authorize_url varchar(1000) NOT NULL,
  token_url varchar(1000) NOT NULL,
  user_info_url varchar(1000) NOT NULL,
  redirect_uri varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_social_provider_source ON blade_social_provider (tenant_id, source) WHERE is_deleted = 0;

-- Third-party accounts; user_id is null until the account is bound to a local user (register-guest).
CREATE TABLE blade_user_oauth (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint,
  source varchar(64) NOT NULL,
  uuid varchar(255) NOT NULL,
  username varchar(255),
  nickname varchar(255),
  avatar varchar(1000),
  email varchar(255)
);
CREATE UNIQUE INDEX blade_user_oauth_identity ON blade_user_oauth (tenant_id, source, uuid);

-- Single-use authorization codes of the embedded OAuth2 authorization server (SSO).
CREATE TABLE blade_auth_code (
  code varchar(64) PRIMARY KEY,
  client_id varchar(48) NOT NULL,
  redirect_uri varchar(1000) NOT NULL,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  expires_at bigint NOT NULL
);

-- SSO browser sessions (cookie), so a second client can be authorized without typing the password again.
CREATE TABLE blade_sso_session (
  session_id varchar(64) PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  expires_at bigint NOT NULL
);

-- Uploaded files; the bytes live in the database so every instance on one database can serve them.
CREATE TABLE blade_attach (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  link varchar(1000) NOT NULL,
  domain_url varchar(500),
  name varchar(500) NOT NULL,
  original_name varchar(500),
  extension varchar(32),
  content_type varchar(255) NOT NULL,
  attach_size bigint NOT NULL,
  content bytea NOT NULL,
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_attach_name ON blade_attach (name);

-- Front-end error logs uploaded with `POST oauth/logout` (spec §7).
CREATE TABLE blade_log_error (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  type varchar(64),
  message text,
  stack text,
  url varchar(2000),
  log_time varchar(64),
  user_id bigint,
  account varchar(45),
  create_time timestamp NOT NULL
);
CREATE INDEX blade_log_error_tenant ON blade_log_error (tenant_id, create_time);

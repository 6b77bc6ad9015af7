-- Sessions that end (logout, password change, lock, user removal) and a lock-out counted atomically.

-- One row per account: attempts in the current window, counted before the password is checked.
CREATE TABLE blade_login_attempt (
  tenant_id varchar(12) NOT NULL,
  account varchar(255) NOT NULL,
  attempts integer NOT NULL,
  last_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, account)
);
DROP TABLE blade_login_failure;

CREATE INDEX blade_auth_session_user ON blade_auth_session (user_id);

-- Moves on every revocation: each process drops its cached session answers when it sees a new value.
CREATE TABLE blade_auth_revision (
  id integer PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO blade_auth_revision (id, version) VALUES (1, 0);

CREATE FUNCTION blade_auth_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE blade_auth_revision SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER blade_auth_session_revoked AFTER UPDATE OF revoked ON blade_auth_session
  FOR EACH ROW WHEN (OLD.revoked = 0 AND NEW.revoked <> 0) EXECUTE FUNCTION blade_auth_revision_bump();

-- Whatever code path changes a user's password, status or deletion ends the user's sessions.
CREATE FUNCTION blade_user_sessions_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE blade_auth_session SET revoked = 1 WHERE user_id = OLD.id AND revoked = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER blade_user_changed AFTER UPDATE OF password, status, is_deleted ON blade_user
  FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
  EXECUTE FUNCTION blade_user_sessions_end();

CREATE TRIGGER blade_user_removed AFTER DELETE ON blade_user
  FOR EACH ROW EXECUTE FUNCTION blade_user_sessions_end();

-- Requests per client address and window on the credential endpoints, shared by every process on the database.
CREATE TABLE blade_rate_limit (
  bucket varchar(128) NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

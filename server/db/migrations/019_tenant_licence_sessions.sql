-- Sessions end with their tenant's licence (sessions.ts checks expiry, status and removal): a change to any of them
-- moves the revision counter, so that every process re-reads the sessions it cached instead of letting a recycled
-- tenant's access tokens work until they expire.
CREATE TRIGGER blade_tenant_licence_changed AFTER UPDATE OF expire_time, status, is_deleted ON blade_tenant
  FOR EACH ROW WHEN (OLD.expire_time IS DISTINCT FROM NEW.expire_time OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
  EXECUTE FUNCTION blade_auth_revision_bump();

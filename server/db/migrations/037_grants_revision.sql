-- A change of what roles may do moves the same counter a revocation moves (blade_auth_revision, migration 004): every
-- process reads it once per turn of its event loop, after the requests of that turn arrived, and keeps the grants it
-- read (menus and buttons, data and API scopes) only while the counter stays where it was. On PostgreSQL those were
-- three round trips of every request of a user who is not the administrator; a change through another process, or
-- through SQL, is seen at the next request all the same. Statement triggers: one move per statement, however many
-- rows a grant writes.
CREATE TRIGGER blade_role_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role_menu
  FOR EACH STATEMENT EXECUTE FUNCTION blade_auth_revision_bump();
CREATE TRIGGER blade_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_menu
  FOR EACH STATEMENT EXECUTE FUNCTION blade_auth_revision_bump();
CREATE TRIGGER blade_role_scope_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role_scope
  FOR EACH STATEMENT EXECUTE FUNCTION blade_auth_revision_bump();
CREATE TRIGGER blade_scope_data_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_scope_data
  FOR EACH STATEMENT EXECUTE FUNCTION blade_auth_revision_bump();
CREATE TRIGGER blade_scope_api_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_scope_api
  FOR EACH STATEMENT EXECUTE FUNCTION blade_auth_revision_bump();

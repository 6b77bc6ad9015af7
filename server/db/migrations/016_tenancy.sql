-- Tenants, clients and tenant packages are resources of the administrator tenant: they get the audit tenant column
-- (every row '000000', tenants keep their own code in it), and uniqueness moves to the per-tenant indexes the
-- resource machinery names (`<table>_<column>_unique`), which it translates into the field's message.
ALTER TABLE blade_client ADD COLUMN IF NOT EXISTS tenant_id varchar(12) NOT NULL DEFAULT '000000';
ALTER TABLE blade_tenant_package ADD COLUMN IF NOT EXISTS tenant_id varchar(12) NOT NULL DEFAULT '000000';
CREATE UNIQUE INDEX IF NOT EXISTS blade_client_client_id_unique ON blade_client (tenant_id, client_id) WHERE is_deleted = 0;
DROP INDEX IF EXISTS blade_client_client_id;
CREATE UNIQUE INDEX IF NOT EXISTS blade_tenant_tenant_id_unique ON blade_tenant (tenant_id, tenant_id) WHERE is_deleted = 0;
DROP INDEX IF EXISTS blade_tenant_tenant_id;

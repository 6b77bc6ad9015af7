-- Tenant packages (spec §3): a named set of menus; a tenant's roles can be granted only the menus of its package.
-- Shared by the tenant screens (which edit packages) and the role grant (which the package limits).
CREATE TABLE IF NOT EXISTS blade_tenant_package (
  id bigint PRIMARY KEY,
  package_name varchar(50) NOT NULL,
  -- Comma-joined menu ids, as BladeX keeps them.
  menu_id text NOT NULL DEFAULT '',
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp,
  update_user bigint, update_time timestamp,
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
ALTER TABLE blade_tenant ADD COLUMN IF NOT EXISTS datasource_id bigint;

-- Object storage per tenant (对象存储): every object records the storage setting it was written to, so a tenant that
-- switches its enabled setting still reaches what it stored before. `oss_id` 0 is the installation's default store
-- (the environment's); objects written before this table existed have no row and live there too.
CREATE TABLE IF NOT EXISTS blade_oss_object (
  object_key varchar(1100) PRIMARY KEY,
  oss_id bigint NOT NULL,
  create_time timestamp NOT NULL DEFAULT now()
);

-- Uploads now go to object storage; the files uploaded before keep their bytes in the row.
ALTER TABLE blade_attach ALTER COLUMN content DROP NOT NULL;

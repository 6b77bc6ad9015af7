-- What each resource's tables were last made from (a hash of their definition): a start skips the resources whose
-- definition has not changed since, instead of checking every column and index again.
CREATE TABLE blade_resource_table (
  resource_name varchar(128) PRIMARY KEY,
  fingerprint varchar(64) NOT NULL,
  update_time timestamp NOT NULL DEFAULT now()
);

-- What the seed last applied (a hash of its data and code): a start with the same seed skips it, so that menus,
-- dictionary items, grants and demo rows an administrator removed are not added back at every start.
CREATE TABLE blade_seed (
  name varchar(64) PRIMARY KEY,
  fingerprint varchar(64) NOT NULL,
  update_time timestamp NOT NULL DEFAULT now()
);

-- Staff administration (issue 11, core §3 Staff): the platform's staff table gains the entity's
-- address. The table itself and the users it signs in with are the platform's (001_core.sql).

ALTER TABLE staff ADD COLUMN address text NOT NULL DEFAULT '';

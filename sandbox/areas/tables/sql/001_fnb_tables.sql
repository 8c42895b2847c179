-- Tables of a food-and-beverage merchant (issue 13, doc 2 §3 Table, §7 /fnb/table). The name is unique
-- per merchant ignoring letter case and accents: `folded_name` is the name folded in JS on write (lower
-- case, no diacritics, đ → d; PGlite has no unaccent). A table's open bill is not stored here: it is the
-- newest sale_orders row with this table_id and status 1 or 2 (the orders area's table, read by SQL).
-- Times are bigint unix ms of the sandbox clock; rows cascade with their merchant.

CREATE TABLE fnb_tables (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  table_name     text NOT NULL,
  folded_name    text NOT NULL,
  max_slot       integer NOT NULL DEFAULT 0,
  available_slot integer NOT NULL DEFAULT 0,
  customer_id    integer NOT NULL DEFAULT 0,
  is_available   boolean NOT NULL DEFAULT true,
  created_at     bigint NOT NULL,
  UNIQUE (merchant_id, folded_name)
);
CREATE INDEX fnb_tables_merchant ON fnb_tables (merchant_id, id);

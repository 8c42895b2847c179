-- Master merchant (issue 11, core §2 Shell, D100): a master merchant's sub-merchants, parent → child
-- merchant ids. A child is a record the master keeps at the bank (its own merchant id from its own
-- range, never a sign-in of this sandbox), so it lives here and not in the platform's merchants table.
-- Times are bigint unix ms of the sandbox clock.

CREATE TABLE sub_merchants (
  id          serial PRIMARY KEY,
  parent_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  merchant_id text NOT NULL UNIQUE,
  name        text NOT NULL,
  tax_no      text NOT NULL,
  address     text NOT NULL,
  phone       text NOT NULL,
  created_at  bigint NOT NULL,
  -- One record per tax number under a master (TAX_NO_IS_EXST).
  UNIQUE (parent_id, tax_no)
);
CREATE INDEX sub_merchants_parent ON sub_merchants (parent_id, created_at DESC, id DESC);

-- Child ids come from a sequence, so a deleted record's id is never given again. Owned by the table, so
-- reset (TRUNCATE ... RESTART IDENTITY) restarts it with the rows it numbered: the seed is the same each time.
CREATE SEQUENCE sub_merchant_ids MINVALUE 30000001 MAXVALUE 39999999 START 30000001 OWNED BY sub_merchants.merchant_id;

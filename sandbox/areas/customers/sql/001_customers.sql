-- Customers of the sale service (issue 12, doc 2 §3 Customer): each merchant's buyers with their
-- loyalty points (1 point = 1 VND), spending and order count. The code is numbered per merchant
-- (KH000001…). search_text is the name, phone and code folded in JS on write (lower case, no
-- diacritics, đ → d; PGlite has no unaccent), so "pho" finds "Phở" in SQL. Rows cascade with their
-- merchant; a phone is one customer per merchant.

CREATE TABLE customers (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  number         integer NOT NULL,
  name           text NOT NULL,
  phone_number   text NOT NULL,
  point          bigint NOT NULL DEFAULT 0 CHECK (point >= 0),
  total_spending bigint NOT NULL DEFAULT 0 CHECK (total_spending >= 0),
  total_orders   integer NOT NULL DEFAULT 0 CHECK (total_orders >= 0),
  province_code  text NOT NULL DEFAULT '',
  district_code  text NOT NULL DEFAULT '',
  ward_code      text NOT NULL DEFAULT '',
  address        text NOT NULL DEFAULT '',
  search_text    text NOT NULL,
  created_at     bigint NOT NULL,
  updated_at     bigint NOT NULL,
  UNIQUE (merchant_id, number),
  UNIQUE (merchant_id, phone_number)
);
-- The list reads one merchant's rows newest first; the search filters those rows by search_text.
CREATE INDEX customers_merchant ON customers (merchant_id, id DESC);
CREATE INDEX customers_search ON customers (merchant_id, search_text text_pattern_ops);

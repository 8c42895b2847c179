-- Product categories of the sale service (issue 12, doc 2 §3 Category, §7 /category). A merchant's own;
-- the name is unique per merchant once folded (lower case, no diacritics, đ → d; computed by the
-- sandbox on write, since PGlite has no unaccent), so "Đồ uống" and "do uong" are one category.
-- Times are bigint unix ms of the sandbox clock; rows cascade with their merchant.

CREATE TABLE categories (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  name        text NOT NULL,
  name_folded text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at  bigint NOT NULL
);
CREATE UNIQUE INDEX categories_merchant_name ON categories (merchant_id, name_folded);
CREATE INDEX categories_merchant_id ON categories (merchant_id, id DESC);

-- Products of the sale service (issue 12, doc 2 §3 Product, §7 /inventory/product). The code is unique
-- per merchant ignoring letter case; `search_text` is the folded name and code (lower case, no
-- diacritics, đ → d; written by the sandbox, PGlite has no unaccent), searched per merchant. Images are
-- kept in the database (PNG or JPEG by content, at most 10,485,760 bytes) and served only to their
-- merchant. Times are bigint unix ms of the sandbox clock; rows cascade with their merchant.

CREATE TABLE product_images (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  mime        text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
  bytes       bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 10485760),
  created_at  bigint NOT NULL
);
CREATE INDEX product_images_merchant ON product_images (merchant_id, id);

CREATE TABLE products (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  code        text NOT NULL,
  name        text NOT NULL,
  search_text text NOT NULL,
  price       bigint NOT NULL CHECK (price BETWEEN 0 AND 9999999999999),
  cost        bigint NOT NULL DEFAULT 0,
  tax         bigint NOT NULL DEFAULT 0,
  status      smallint NOT NULL CHECK (status IN (0, 1, 2)),
  image_id    integer REFERENCES product_images(id) ON DELETE SET NULL,
  created_at  bigint NOT NULL,
  updated_at  bigint NOT NULL
);
CREATE UNIQUE INDEX products_merchant_code ON products (merchant_id, lower(code));
-- The list: newest first within a merchant, optionally one status; the search filters these rows.
CREATE INDEX products_merchant_id ON products (merchant_id, id DESC);
CREATE INDEX products_merchant_status ON products (merchant_id, status, id DESC);

CREATE TABLE product_categories (
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  position    integer NOT NULL,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories (category_id);

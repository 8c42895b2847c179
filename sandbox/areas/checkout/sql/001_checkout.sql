-- The checkout service (issue 14 contract §A, §B; doc 2 §3 Merchant/widget info, §9 widget defaults):
-- a merchant's checkout record with its one widget, its payment methods, and its payment links.
-- Times: the record's in unix ms of the sandbox clock; a link's in unix SECONDS, because they are
-- signed into its URL as the wire carries them. Money bigint đồng. Rows cascade with their merchant.

CREATE TABLE checkout_merchants (
  merchant_id     text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  merchant_name   text NOT NULL,
  return_url      text NOT NULL DEFAULT '',
  cancel_url      text NOT NULL DEFAULT '',
  ipn_url         text NOT NULL DEFAULT '',
  widget_id       text NOT NULL UNIQUE CHECK (widget_id ~ '^wdg_[0-9a-f]{12}$'),
  primary_color   text NOT NULL DEFAULT '#ffffff' CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  secondary_color text NOT NULL DEFAULT '#f5f5f5' CHECK (secondary_color ~ '^#[0-9a-f]{6}$'),
  button_color    text NOT NULL DEFAULT '#fafafa' CHECK (button_color ~ '^#[0-9a-f]{6}$'),
  logo_height     integer NOT NULL DEFAULT 100 CHECK (logo_height IN (60, 80, 100)),
  logo_position   text NOT NULL DEFAULT 'center' CHECK (logo_position IN ('left', 'center', 'right')),
  button_border   boolean NOT NULL DEFAULT true,
  border_radius   integer NOT NULL DEFAULT 8 CHECK (border_radius BETWEEN 0 AND 24),
  button_text     text NOT NULL DEFAULT '',
  logo_mime       text,
  logo_bytes      bytea,
  -- First 8 hex of the logo's SHA-256: the URL's ?v=, so a new logo is a new URL (served immutable).
  logo_hash       text,
  created_at      bigint NOT NULL,
  updated_at      bigint NOT NULL
);

-- One row per merchant and method; `active` is the merchant's switch (PUT /merchants payment_methods
-- and PUT /widgets active_methods write the same flag, D148).
CREATE TABLE checkout_methods (
  merchant_id text NOT NULL REFERENCES checkout_merchants(merchant_id) ON DELETE CASCADE,
  widget_type text NOT NULL CHECK (widget_type IN ('cash', 'ewallet', 'qr_code', 'credit_card')),
  active      boolean NOT NULL,
  PRIMARY KEY (merchant_id, widget_type)
);

CREATE TABLE payment_links (
  id          text PRIMARY KEY CHECK (id ~ '^pl_[0-9a-f]{16}$'),
  -- Creation order (ids are random): newest first within one second too.
  seq         bigserial NOT NULL,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  app_id      text NOT NULL,
  order_id    text NOT NULL,
  -- order_id folded (lower case, no diacritics) for the list's search.
  order_fold  text NOT NULL,
  amount      bigint NOT NULL CHECK (amount BETWEEN 1000 AND 999999999),
  invoice_id  integer,
  created_at  bigint NOT NULL,
  expires_at  bigint NOT NULL,
  paid_at     bigint,
  method      text CHECK (method IN ('QR', 'CARD')),
  -- The only trace of a card kept: its last four digits (the number is never stored nor logged).
  card_last4  text CHECK (card_last4 ~ '^[0-9]{4}$'),
  CHECK ((paid_at IS NULL) = (method IS NULL))
);
CREATE INDEX payment_links_newest ON payment_links (merchant_id, seq DESC);
-- The six signed values name one link: a second create with the same ones answers the first (D147).
CREATE UNIQUE INDEX payment_links_signed_values ON payment_links (merchant_id, app_id, order_id, amount, created_at, expires_at);

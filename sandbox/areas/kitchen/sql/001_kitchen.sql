-- The kitchen screen (D325–D327). kitchen_pairings: a device paired to one store of a merchant with a
-- 6-digit code, the columns of display_pairings (platform/pairing) plus the store. kitchen_tickets: one
-- per batch of dishes sent to a handling order, identified by the send's idempotency key, so a replayed
-- send makes no second ticket; its lines are what that send added, copied (a renamed dish keeps the
-- name the kitchen was told). A ticket is done when each of its lines is.

CREATE TABLE kitchen_pairings (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  code            text,
  code_expires_at bigint NOT NULL,
  token_hash      text UNIQUE,
  created_by      integer NOT NULL,
  created_at      bigint NOT NULL,
  claimed_at      bigint,
  revoked_at      bigint,
  wrong_guesses   integer NOT NULL DEFAULT 0,
  guessed_out_at  bigint
);
CREATE INDEX kitchen_pairings_merchant ON kitchen_pairings (merchant_id, id DESC);
CREATE INDEX kitchen_pairings_code ON kitchen_pairings (code) WHERE code IS NOT NULL;
CREATE INDEX kitchen_pairings_merchant_created ON kitchen_pairings (merchant_id, created_at);

CREATE TABLE kitchen_tickets (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  order_id    integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  order_code  text NOT NULL,
  table_name  text,
  send_key    text NOT NULL,
  created_at  bigint NOT NULL,
  done_at     bigint,
  UNIQUE (merchant_id, send_key)
);
CREATE INDEX kitchen_tickets_open ON kitchen_tickets (store_id, id) WHERE done_at IS NULL;
CREATE INDEX kitchen_tickets_order ON kitchen_tickets (order_id);

CREATE TABLE kitchen_ticket_lines (
  ticket_id  integer NOT NULL REFERENCES kitchen_tickets(id) ON DELETE CASCADE,
  line_no    integer NOT NULL,
  product_id integer NOT NULL,
  name       text NOT NULL,
  quantity   integer NOT NULL CHECK (quantity >= 1),
  note       text,
  done_at    bigint,
  PRIMARY KEY (ticket_id, line_no)
);

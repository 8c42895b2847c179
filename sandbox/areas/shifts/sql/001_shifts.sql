-- Shifts and the cash drawer (D303). A store has one drawer; a shift is one opening of it, with the
-- float counted in, by a signed-in user, until it is counted and closed. The partial unique index makes
-- "at most one open shift per store" a property of the database, whatever the callers race. Money is
-- bigint đồng; times bigint unix ms of the sandbox clock; rows cascade with their merchant and store.

CREATE TABLE shifts (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id       integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  status         text NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
  float_amount   bigint NOT NULL CHECK (float_amount >= 0),
  opened_by      integer,
  opened_by_name text NOT NULL,
  opened_at      bigint NOT NULL,
  -- Filled at close: the expected cash then, the notes counted (denomination → count) and their total.
  closed_by      integer,
  closed_by_name text,
  closed_at      bigint,
  cash_sales     bigint,
  expected       bigint,
  counted        bigint,
  counts         jsonb,
  close_reason   text
);
CREATE UNIQUE INDEX shifts_one_open ON shifts (store_id) WHERE status = 'OPEN';
CREATE INDEX shifts_merchant ON shifts (merchant_id, status, opened_at);
CREATE INDEX shifts_store ON shifts (store_id, opened_at DESC, id DESC);

-- Cash put in or taken out of the drawer outside a sale, with a reason (D303). A cash refund will be
-- one more kind taking cash out.
CREATE TABLE shift_movements (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  shift_id        integer NOT NULL REFERENCES shifts(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('IN', 'OUT')),
  amount          bigint NOT NULL CHECK (amount > 0),
  reason          text NOT NULL,
  note            text NOT NULL DEFAULT '',
  created_by_name text NOT NULL,
  created_at      bigint NOT NULL
);
CREATE INDEX shift_movements_shift ON shift_movements (shift_id, created_at, id);

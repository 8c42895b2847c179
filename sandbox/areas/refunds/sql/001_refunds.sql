-- Refunds of paid orders (D305): by the way the order was paid. Cash leaves the drawer at once
-- (SUCCESS); a card refund waits for the terminal (PENDING → SUCCESS or DECLINED); a QR or link refund
-- is a request to the bank (REQUESTED → SUCCESS or REJECTED). Money bigint đồng, times bigint unix ms
-- of the sandbox clock.
CREATE TABLE sale_refunds (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_id        integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  payment_id      integer NOT NULL REFERENCES sale_payments(id) ON DELETE CASCADE,
  method          text NOT NULL CHECK (method IN ('CASH', 'QR', 'CARD', 'LINK')),
  status          text NOT NULL CHECK (status IN ('SUCCESS', 'PENDING', 'REQUESTED', 'DECLINED', 'REJECTED')),
  amount          bigint NOT NULL CHECK (amount > 0),
  -- [{item_id, product_id, code, name, price, quantity}]: what was given back, priced as it was sold.
  lines           jsonb NOT NULL,
  reason          text NOT NULL,
  note            text NOT NULL DEFAULT '',
  points_reversed bigint NOT NULL DEFAULT 0,
  serial_number   text,
  created_by      integer NOT NULL,
  created_by_name text NOT NULL,
  created_at      bigint NOT NULL,
  updated_at      bigint NOT NULL
);
CREATE INDEX sale_refunds_order ON sale_refunds (order_id, created_at, id);
CREATE INDEX sale_refunds_merchant ON sale_refunds (merchant_id, created_at DESC, id DESC);

-- "Never more than was paid" is a property of the database whatever the callers race: each refund
-- adds to its payment's and its lines' running totals in the statement that records it (an upsert
-- locks the row and sees the latest total), and these checks abort that whole statement when a total
-- would pass what was paid or sold. A declined or rejected refund takes its share off again.
CREATE TABLE sale_refund_totals (
  payment_id integer PRIMARY KEY REFERENCES sale_payments(id) ON DELETE CASCADE,
  paid       bigint NOT NULL,
  refunded   bigint NOT NULL,
  CONSTRAINT sale_refund_totals_within_paid CHECK (refunded >= 0 AND refunded <= paid)
);
CREATE TABLE sale_refund_line_totals (
  item_id  integer PRIMARY KEY REFERENCES sale_order_items(id) ON DELETE CASCADE,
  sold     integer NOT NULL,
  refunded integer NOT NULL,
  CONSTRAINT sale_refund_line_totals_within_sold CHECK (refunded >= 0 AND refunded <= sold)
);

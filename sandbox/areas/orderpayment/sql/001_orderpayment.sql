-- Payments of orders (issue 13, doc 2 §4 card terminal, cash, §7 /payment/*): every attempt to take an
-- order's money, by cash, VietQR, card terminal or link. Money bigint đồng; times bigint unix ms of the
-- sandbox clock; rows cascade with their merchant and order.
--
-- Two indexes make "never twice" a property of the database, whatever the callers race: an order has
-- at most one SUCCESS payment, and a terminal at most one PENDING card payment.

CREATE TABLE sale_payments (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_id       integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  method         text NOT NULL CHECK (method IN ('CASH', 'QR', 'CARD', 'LINK')),
  status         text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'DECLINED', 'CANCELLED')),
  amount         bigint NOT NULL CHECK (amount >= 0),
  receive_amount bigint NOT NULL DEFAULT 0,
  return_amount  bigint NOT NULL DEFAULT 0,
  serial_number  text,
  -- Why a card payment did not succeed: DECLINED, TERMINAL_OFFLINE, or PAID_OTHERWISE (cancelled
  -- because the order was paid another way while the terminal waited).
  reason         text,
  created_at     bigint NOT NULL,
  updated_at     bigint NOT NULL
);
CREATE INDEX sale_payments_order ON sale_payments (order_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX sale_payments_one_success ON sale_payments (order_id) WHERE status = 'SUCCESS';
CREATE UNIQUE INDEX sale_payments_terminal_busy ON sale_payments (serial_number) WHERE status = 'PENDING' AND method = 'CARD';

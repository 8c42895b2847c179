-- Receiving money (issue 4, core §3), the notifications area: the sale service's orders and their
-- notifications (the bell). Times are bigint unix ms of the sandbox clock; rows cascade with their
-- merchant. Part of 003_receiving_money.sql until the sandbox had areas.

CREATE TABLE sale_orders (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_code  text NOT NULL,
  table_name  text,
  -- 0 new (core §4: a notification of a status-0 order opens /sale-order), else in progress/paid.
  status      smallint NOT NULL DEFAULT 0,
  total_price bigint NOT NULL DEFAULT 0,
  created_at  bigint NOT NULL
);

CREATE TABLE notifications (
  id                serial PRIMARY KEY,
  merchant_id       text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  -- 0 new order, 1 payment request, 2 dishes added (core §3)
  notification_type smallint NOT NULL CHECK (notification_type IN (0, 1, 2)),
  order_id          integer REFERENCES sale_orders(id) ON DELETE CASCADE,
  order_code        text NOT NULL,
  table_name        text,
  -- 2 = seen
  status            smallint NOT NULL DEFAULT 0,
  created_at        bigint NOT NULL
);
CREATE INDEX notifications_merchant ON notifications (merchant_id, notification_type, created_at DESC, id DESC);

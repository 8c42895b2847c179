-- Receiving money (issue 4, core §3), the notifications area: the sale service's order notifications
-- (the bell). Times are bigint unix ms of the sandbox clock; rows cascade with their merchant. Part of
-- 003_receiving_money.sql until the sandbox had areas.
--
-- This file also created `sale_orders` until issue 13 moved that table to the orders area
-- (orders/001_orders.sql widens an existing one in place); the link from a notification to its order
-- is added by 002_order_link.sql, after the orders area's migration.

CREATE TABLE notifications (
  id                serial PRIMARY KEY,
  merchant_id       text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  -- 0 new order, 1 payment request, 2 dishes added (core §3)
  notification_type smallint NOT NULL CHECK (notification_type IN (0, 1, 2)),
  order_id          integer,
  order_code        text NOT NULL,
  table_name        text,
  -- 2 = seen
  status            smallint NOT NULL DEFAULT 0,
  created_at        bigint NOT NULL
);
CREATE INDEX notifications_merchant ON notifications (merchant_id, notification_type, created_at DESC, id DESC);

-- What each Soundbox was sent to show (POST /payment/push-qr-terminal, core §7 "soundbox payment",
-- D298): one row per (Soundbox, order, QR), so a repeated push is the same push (`times` counts them,
-- `last_pushed_at` is when it was last shown). The sandbox's Soundbox "screen" is the newest row of its
-- serial (trigger `soundbox-received`). Serials are the edc area's edc_devices; rows go with their order.

CREATE TABLE soundbox_pushes (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  serial_number  text NOT NULL,
  order_id       integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  qr             text NOT NULL,
  amount         bigint NOT NULL,
  pushed_at      bigint NOT NULL,
  last_pushed_at bigint NOT NULL,
  times          integer NOT NULL DEFAULT 1,
  UNIQUE (serial_number, order_id, qr)
);
CREATE INDEX soundbox_pushes_serial ON soundbox_pushes (serial_number, last_pushed_at DESC, id DESC);

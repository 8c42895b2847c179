-- Idempotency of POST /invoice (a sale recorded at the counter; CONTRACT13): the first answer for
-- (merchant, key), errors included, is kept 24 h and returned to every repeat; the same key with
-- another body is refused. The invoice itself is a completed row of the orders area's sale_orders.
-- Times are bigint unix ms of the sandbox clock; rows cascade with their merchant.

CREATE TABLE sale_invoice_requests (
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  idem_key    text NOT NULL,
  body_hash   text NOT NULL,
  status      smallint NOT NULL,
  answer      jsonb NOT NULL,
  created_at  bigint NOT NULL,
  PRIMARY KEY (merchant_id, idem_key)
);

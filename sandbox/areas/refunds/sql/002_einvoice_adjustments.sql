-- The e-invoice adjustment of a refund (issue 27 §1; D243, D263, D313): Decree 70/2025 leaves no
-- cancellation of an issued invoice, so money given back on an invoiced order is an adjusting invoice
-- that decreases the refunded lines and names the original. One row per successful refund of an order
-- that has (or is getting) an e-invoice; the sale service's e-invoice worker issues it like an invoice
-- at the moment of sale (QUEUED → ISSUING → ISSUED, or FAILED after a refusal or too many tries).
CREATE TABLE sale_refund_adjustments (
  refund_id     integer PRIMARY KEY REFERENCES sale_refunds(id) ON DELETE CASCADE,
  merchant_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_id      integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  state         text NOT NULL CHECK (state IN ('QUEUED', 'ISSUING', 'ISSUED', 'FAILED')),
  attempts      integer NOT NULL DEFAULT 0,
  next_at       bigint NOT NULL,
  claimed_until bigint,
  -- The adjusting invoice's code ({CQT code}::{lookup code}::{number}) once issued.
  eiv_code      text,
  error_code    text,
  error_message text,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);
CREATE INDEX sale_refund_adjustments_due ON sale_refund_adjustments (state, next_at);
CREATE INDEX sale_refund_adjustments_order ON sale_refund_adjustments (order_id, refund_id);

-- The sale service's e-invoice queue (issue 25 §3, D248): with the merchant's settings active and
-- "auto export" on, the statement that marks an order paid (platform/sale/settlement.ts) adds its row
-- here, so a crash between the payment and the invoice loses nothing; the worker
-- (platform/sale/einvoice-queue.ts) issues it at the provider dated at the payment, with the order id
-- as the provider's key, and saves the code on the order. One row per order (the primary key): a
-- second payment path or a second worker never makes a second job. Times are bigint unix ms of the
-- sandbox clock, so a moved clock moves the retries with it.
--   state   QUEUED waiting (next_at: when it is due), ISSUING claimed by a worker until claimed_until
--           (a worker that died leaves it due again then), ISSUED done, FAILED given up (error_code,
--           error_message say why; the owner's bell was told; a retry puts it back to QUEUED).
CREATE TABLE sale_einvoice_jobs (
  order_id      integer PRIMARY KEY REFERENCES sale_orders(id) ON DELETE CASCADE,
  merchant_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  state         text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'ISSUING', 'ISSUED', 'FAILED')),
  attempts      integer NOT NULL DEFAULT 0,
  next_at       bigint NOT NULL,
  claimed_until bigint,
  error_code    text,
  error_message text,
  provider      text,
  serial        text,
  eiv_code      text,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);
-- The worker's look for due jobs, and the order list's "paid but not invoiced" count per merchant.
CREATE INDEX sale_einvoice_jobs_due ON sale_einvoice_jobs (state, next_at);
CREATE INDEX sale_einvoice_jobs_merchant ON sale_einvoice_jobs (merchant_id, state);

-- The bank's own record of money it sent back for an order's refund (D320): a VietQR or link refund
-- the bank completed, a card refund the terminal approved. One per refund of ours (the request carried
-- its id); the reference is the order code, the store the order's (D297). No fee is given back: the
-- bank keeps the fee it took on the payment. Money bigint đồng, times bigint unix ms.
CREATE TABLE bank_refunds (
  id         serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id   integer REFERENCES stores(id) ON DELETE SET NULL,
  refund_id  integer NOT NULL UNIQUE REFERENCES sale_refunds(id) ON DELETE CASCADE,
  channel    text NOT NULL CHECK (channel IN ('va', 'card', 'ecom')),
  reference  text NOT NULL,
  amount     bigint NOT NULL CHECK (amount > 0),
  created_at bigint NOT NULL
);
CREATE INDEX bank_refunds_day ON bank_refunds (merchant_id, store_id, created_at);

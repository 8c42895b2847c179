-- Transactions of every report channel (issue 3, core §3). Times are bigint unix ms like 001; amounts
-- are whole VND (the đồng has no minor unit in practice).

CREATE TABLE transactions (
  id                  bigserial PRIMARY KEY,
  merchant_id         text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  channel             text NOT NULL CHECK (channel IN ('card', 'cash', 'momo', 'installment', 'va', 'ecom', 'saving', 'loan')),
  created_at          bigint NOT NULL,
  store_id            integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  bill_id             text NOT NULL DEFAULT '',
  card_id             text,
  amount              bigint NOT NULL,
  commission_fee      bigint NOT NULL DEFAULT 0,
  credit_status       text NOT NULL CHECK (credit_status IN ('credited', 'not_credited')),
  credit_amount       bigint,
  credit_date         bigint,
  settlement_time     bigint,
  status              text NOT NULL,
  response_code       text NOT NULL,
  has_bill_image      boolean NOT NULL DEFAULT false,
  va_account_receiver text,
  use_qrpay           boolean NOT NULL DEFAULT false,
  payment_channel     text,
  transaction_type    text,
  -- installment
  fee                 bigint,
  approval_code       text,
  bank_code           text,
  card_type           text,
  period              integer,
  full_name           text,
  phone               text,
  identity_card       text,
  -- saving
  saving_account      text,
  running_balance     bigint,
  cumulative_balance  bigint,
  overdraft_amount    bigint
);

-- Every report query is one merchant, one channel, a time range, newest first. The included columns
-- let totals, filters and the page's ids come from the index alone (index-only scans after VACUUM).
CREATE INDEX transactions_report ON transactions (merchant_id, channel, created_at DESC, id DESC)
  INCLUDE (amount, status, store_id, bill_id);
-- The dashboard sums one merchant's day, month and year across channels.
CREATE INDEX transactions_dashboard ON transactions (merchant_id, created_at) INCLUDE (status, channel, amount);
-- The 100,000-store dropdown and store filter.
CREATE INDEX stores_merchant_name ON stores (merchant_id, name, id);

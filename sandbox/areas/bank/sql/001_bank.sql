-- Receiving money (issue 4, core §3), the bank area: banks, the banks' own records and the
-- merchant's linked bank accounts. Times are bigint unix ms of the sandbox clock. Everything a
-- merchant owns cascades with the merchant, so reset and throwaway merchants clean up with it.
-- Part of 003_receiving_money.sql until the sandbox had areas.

-- GET /metadata/list-bank: the banks a merchant may link (bin = the 6-digit NAPAS BIN in VietQR).
CREATE TABLE banks (
  bank_code  text PRIMARY KEY,
  bin        text NOT NULL UNIQUE,
  short_name text NOT NULL,
  name       text NOT NULL
);

-- The banks' own records: what the holder-name lookup reads and the phone check compares with.
-- merchant_id: whose seed made the row (so it goes with that merchant); null for shared rows.
CREATE TABLE bank_registry (
  bank_code   text NOT NULL REFERENCES banks(bank_code),
  account_no  text NOT NULL,
  holder_name text NOT NULL,
  phone       text NOT NULL,
  -- ACTIVE, or why the bank refuses it: SPECIALIZED, WRITE_LOCKED, CLOSED (core §8 ACCOUNT_*).
  state       text NOT NULL DEFAULT 'ACTIVE',
  merchant_id text REFERENCES merchants(id) ON DELETE CASCADE,
  PRIMARY KEY (bank_code, account_no)
);

CREATE TABLE bank_accounts (
  id                   serial PRIMARY KEY,
  merchant_id          text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  bank_code            text NOT NULL REFERENCES banks(bank_code),
  bank_account_no      text NOT NULL,
  holder_name          text NOT NULL,
  phone                text NOT NULL,
  -- core §3: the verified flag.
  is_internal_transfer boolean NOT NULL DEFAULT false,
  verified_at          bigint,
  created_at           bigint NOT NULL,
  UNIQUE (bank_code, bank_account_no)
);
CREATE INDEX bank_accounts_merchant ON bank_accounts (merchant_id, created_at DESC, id DESC);

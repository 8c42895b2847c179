-- Receiving money (issue 4, core §3), the shopqr area: ShopQR virtual accounts, each on a linked
-- bank account (bank area). Times are bigint unix ms of the sandbox clock; rows cascade with their
-- merchant. Part of 003_receiving_money.sql until the sandbox had areas.

CREATE TABLE virtual_accounts (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  va_account_no   text NOT NULL UNIQUE CHECK (length(va_account_no) = 18),
  va_type         text NOT NULL CHECK (va_type IN ('STORE', 'STAFF', 'BILL')),
  -- RESTRICT: a bank account with a ShopQR cannot go (DELETE_BANK_ERROR); the merchant's own
  -- cascade removes the ShopQRs first.
  bank_account_id integer NOT NULL REFERENCES bank_accounts(id) ON DELETE RESTRICT,
  store_id        integer REFERENCES stores(id) ON DELETE SET NULL,
  staff_row_id    integer REFERENCES staff(id) ON DELETE SET NULL,
  channel         text CHECK (channel IN ('WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER')),
  amount          bigint,
  created_at      bigint NOT NULL
);
CREATE INDEX virtual_accounts_merchant ON virtual_accounts (merchant_id, created_at DESC, id DESC);

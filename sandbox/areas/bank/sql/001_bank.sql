-- Receiving money (issue 4, core §3): banks and the bank's own records, linked bank accounts, ShopQR
-- virtual accounts, card machines, sale orders and their notifications. Times are bigint unix ms of
-- the sandbox clock. Everything a merchant owns cascades with the merchant, so reset and throwaway
-- merchants clean up with it. Areas that need more columns add their own later migration.

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

CREATE TABLE edc_devices (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id        integer REFERENCES stores(id) ON DELETE SET NULL,
  serial_number   text NOT NULL UNIQUE,
  type_edc        smallint NOT NULL CHECK (type_edc IN (1, 2)),
  pos_id          text NOT NULL,
  -- [{tid, mid}] (core §3 aggregated_data)
  aggregated_data jsonb NOT NULL DEFAULT '[]',
  va_account_no   text,
  -- null: the bank has not provisioned it (Soundbox activation is then refused, core §4).
  status          text CHECK (status IN ('ONLINE', 'OFFLINE', 'NOT_CONNECTED')),
  is_selected     boolean NOT NULL DEFAULT false,
  activated_at    bigint
);
CREATE INDEX edc_devices_merchant ON edc_devices (merchant_id, id);

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

-- Receiving money (issue 4, core §3), the edc area: card machines and Soundboxes. Times are bigint
-- unix ms of the sandbox clock; rows cascade with their merchant. Part of 003_receiving_money.sql
-- until the sandbox had areas.

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

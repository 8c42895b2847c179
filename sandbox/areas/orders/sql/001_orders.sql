-- Orders of the sale service (issue 13, doc 2 §3 Order/invoice, Order products, §4 order status). An
-- order is its own invoice: `invoice_id` comes from a sequence of its own (a range far from order ids,
-- so mixing the two up answers 404 instead of another order). Statuses: 2 selecting (new), 1 handling
-- (confirmed at least once), 0 completed (paid; only a payment sets it). `invoice_status` NULL while
-- unpaid, 1 paid, 2 cancelled. `folded` is the order code, table name, customer name and phone folded
-- in JS on write (lower case, no diacritics, đ → d; PGlite has no unaccent). Money is bigint đồng;
-- times bigint unix ms of the sandbox clock; rows cascade with their merchant. `table_id` points at the
-- tables area's fnb_tables without a foreign key (areas own their tables; a removed table keeps its
-- paid bills).
--
-- Upgrade: until issue 13 the notifications area created a small `sale_orders` (0 new, 1/2 being
-- served, 3 paid) for the bell. On a data folder that already has it, this file widens that table in
-- place and maps its statuses, so notifications keep their orders; on a fresh database the first
-- statement creates it and the UPDATEs below touch no rows. POST /sandbox/reset then reseeds the
-- orders with their lines.

CREATE SEQUENCE sale_invoice_ids START WITH 5000001;

CREATE TABLE IF NOT EXISTS sale_orders (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_code  text NOT NULL,
  table_name  text,
  status      smallint NOT NULL DEFAULT 2,
  total_price bigint NOT NULL DEFAULT 0,
  created_at  bigint NOT NULL
);

ALTER TABLE sale_orders
  ADD COLUMN IF NOT EXISTS invoice_id      integer,
  ADD COLUMN IF NOT EXISTS table_id        integer,
  ADD COLUMN IF NOT EXISTS customer_id     integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS payment_status  smallint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS invoice_status  smallint,
  ADD COLUMN IF NOT EXISTS payment_method  text,
  ADD COLUMN IF NOT EXISTS receive_amount  bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS return_amount   bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS point           bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS source          text NOT NULL DEFAULT 'IN_STORE',
  ADD COLUMN IF NOT EXISTS eiv_code        text,
  ADD COLUMN IF NOT EXISTS cqt_code        text,
  ADD COLUMN IF NOT EXISTS is_eiv_exported boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS note            text,
  ADD COLUMN IF NOT EXISTS folded          text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS paid_at         bigint,
  ADD COLUMN IF NOT EXISTS updated_at      bigint;

-- Old rows only (a fresh table is empty): the bell's statuses become the spec's, a paid one by QR.
UPDATE sale_orders SET
  status = CASE status WHEN 0 THEN 2 WHEN 3 THEN 0 ELSE 1 END,
  payment_status = CASE status WHEN 3 THEN 1 ELSE 0 END,
  invoice_status = CASE status WHEN 3 THEN 1 END,
  payment_method = CASE status WHEN 3 THEN 'QR' END,
  paid_at = CASE status WHEN 3 THEN created_at END,
  folded = lower(order_code || ' ' || coalesce(table_name, '')),
  updated_at = created_at,
  invoice_id = nextval('sale_invoice_ids')
WHERE invoice_id IS NULL;
-- A code given twice to the old trigger would break the unique index below; keep the first.
UPDATE sale_orders o SET order_code = o.order_code || '-' || o.id
WHERE EXISTS (SELECT 1 FROM sale_orders p WHERE p.merchant_id = o.merchant_id AND p.order_code = o.order_code AND p.id < o.id);

ALTER TABLE sale_orders
  ALTER COLUMN status SET DEFAULT 2,
  ALTER COLUMN invoice_id SET DEFAULT nextval('sale_invoice_ids'),
  ALTER COLUMN invoice_id SET NOT NULL,
  ALTER COLUMN updated_at SET NOT NULL,
  ADD CONSTRAINT sale_orders_status CHECK (status IN (0, 1, 2)),
  ADD CONSTRAINT sale_orders_payment_status CHECK (payment_status IN (0, 1)),
  ADD CONSTRAINT sale_orders_invoice_status CHECK (invoice_status IS NULL OR invoice_status IN (1, 2)),
  ADD CONSTRAINT sale_orders_payment_method CHECK (payment_method IS NULL OR payment_method IN ('QR', 'CASH', 'CARD', 'LINK')),
  ADD CONSTRAINT sale_orders_source CHECK (source IN ('WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER')),
  ADD CONSTRAINT sale_orders_paid CHECK ((status = 0) = (payment_status = 1)),
  ADD CONSTRAINT sale_orders_invoice_id UNIQUE (invoice_id);
ALTER SEQUENCE sale_invoice_ids OWNED BY sale_orders.invoice_id;

CREATE UNIQUE INDEX sale_orders_merchant_code ON sale_orders (merchant_id, order_code);
-- The list: newest change first within a merchant.
CREATE INDEX sale_orders_merchant_updated ON sale_orders (merchant_id, updated_at DESC, id DESC);
-- One open bill per table (two tabs opening the same table get the same bill, never two).
CREATE UNIQUE INDEX sale_orders_open_table ON sale_orders (merchant_id, table_id) WHERE table_id IS NOT NULL AND status IN (1, 2);

-- An order's lines: one per product, its price fixed when the line was added (adding the product
-- again raises the amount at that price).
CREATE TABLE sale_order_items (
  id         serial PRIMARY KEY,
  order_id   integer NOT NULL REFERENCES sale_orders(id) ON DELETE CASCADE,
  product_id integer NOT NULL,
  code       text NOT NULL,
  name       text NOT NULL,
  img        text,
  price      bigint NOT NULL CHECK (price >= 0),
  amount     integer NOT NULL CHECK (amount >= 1),
  added_at   bigint NOT NULL,
  UNIQUE (order_id, product_id)
);

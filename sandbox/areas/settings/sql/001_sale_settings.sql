-- Sale settings of a merchant (doc 2 §3 Sale settings: logo, banner, address, hotline, website,
-- point_percent). Issue 13 reads them only (GET /saas/merchant: the tables' ordering website); the
-- settings issue adds the form and PUT. Address and hotline are the business profile's (merchants
-- table), not copied here. A merchant without a row has no settings yet (website null, 0 %).

CREATE TABLE sale_settings (
  merchant_id   text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  logo          text,
  banner        text,
  -- The customers' ordering website, ending with '/': the table QR is {website}order/{table_id}[/{order_id}].
  website       text,
  -- Points earned per order, percent of its total (1 point = 1 VND, doc 2 §9).
  point_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (point_percent BETWEEN 0 AND 100),
  updated_at    bigint NOT NULL
);

-- The stores area (issue 11): no table of its own; the platform's `stores` table (001_core.sql) holds
-- the rows. These indexes serve the /store list's sorts (name already has stores_merchant_name) and
-- the delete's "has this store received payments" check, which would otherwise scan every
-- transaction of the merchant.

CREATE INDEX stores_merchant_code ON stores (merchant_id, code, id);
CREATE INDEX stores_merchant_id ON stores (merchant_id, id);
CREATE INDEX transactions_store ON transactions (store_id);

-- The store an order was opened in (D297): the store of the staff member who opened it, else the
-- merchant's first store (the owner, a guest at a table). Its VietQR pays into that store's ShopQR.
-- NULL on orders from before (and when the store is removed): read as the merchant's first store.

ALTER TABLE sale_orders ADD COLUMN IF NOT EXISTS store_id integer REFERENCES stores(id) ON DELETE SET NULL;

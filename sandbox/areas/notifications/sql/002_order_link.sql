-- A notification belongs to an order of the orders area (orders/001_orders.sql) and goes with it. A
-- database made before issue 13 already has this link under the same name (001 created both tables);
-- it is made again so both kinds of database end the same.
DELETE FROM notifications n WHERE n.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sale_orders o WHERE o.id = n.order_id);
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_order_id_fkey;
ALTER TABLE notifications ADD CONSTRAINT notifications_order_id_fkey FOREIGN KEY (order_id) REFERENCES sale_orders(id) ON DELETE CASCADE;

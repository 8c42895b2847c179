-- A note per order line for the kitchen (D333: "ít đá", at most 100 characters, shown as text). One
-- line per dish stays (UNIQUE (order_id, product_id), 001_orders.sql): the kitchen reads each send's
-- own note on that send's ticket, and the order line keeps the latest note sent with the dish (a send
-- without one leaves it). Existing lines have none.

ALTER TABLE sale_order_items ADD COLUMN note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 100);

-- A cash refund is a movement of the drawer it leaves (D318): one row of kind REFUND per refund, in the
-- open shift of the order's store, written in the refund's own transaction. The unique refund_id makes
-- "one refund, one movement" a property of the database. No foreign key to sale_refunds: this area's
-- tables come before the refunds area's; a refund and its movement go together with their merchant.
ALTER TABLE shift_movements ADD COLUMN refund_id integer UNIQUE;
ALTER TABLE shift_movements DROP CONSTRAINT shift_movements_kind_check;
ALTER TABLE shift_movements ADD CONSTRAINT shift_movements_kind_check CHECK (kind IN ('IN', 'OUT', 'REFUND'));
ALTER TABLE shift_movements ADD CONSTRAINT shift_movements_refund_kind CHECK ((kind = 'REFUND') = (refund_id IS NOT NULL));

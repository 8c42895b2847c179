-- D301: an unpaid order can be voided by the owner with a reason. Status 3 beside the spec's 2
-- selecting, 1 handling, 0 completed; its invoice status 2 "cancelled" (doc 2 §3). A voided order keeps
-- its lines and its table's name, and leaves the one-open-bill-per-table index (statuses 1 and 2), so
-- the table is free at once. Who voided it (the user's id and name as it was), when (unix ms), why
-- (a reason code of src/rules/orderVoid.ts, and the note).

ALTER TABLE sale_orders DROP CONSTRAINT sale_orders_status;
ALTER TABLE sale_orders
  ADD COLUMN voided_at      bigint,
  ADD COLUMN voided_by      integer,
  ADD COLUMN voided_by_name text,
  ADD COLUMN void_reason    text,
  ADD COLUMN void_note      text,
  ADD CONSTRAINT sale_orders_status CHECK (status IN (0, 1, 2, 3)),
  ADD CONSTRAINT sale_orders_voided CHECK ((status = 3) = (voided_at IS NOT NULL AND void_reason IS NOT NULL)),
  ADD CONSTRAINT sale_orders_void_reason CHECK (void_reason IS NULL OR void_reason IN ('CUSTOMER_LEFT', 'WRONG_ORDER', 'DUPLICATE', 'OTHER'));

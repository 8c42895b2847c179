-- Cash refunds leave the drawer (D303, D305): the refunds given in cash while a shift was open, of its
-- store's orders, taken off the expected cash; kept at close beside the cash sales.
ALTER TABLE shifts ADD COLUMN cash_refunds bigint;

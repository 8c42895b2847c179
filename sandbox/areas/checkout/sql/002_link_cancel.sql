-- A payment link the merchant cancelled (POST /payment-links/{id}/cancel, D216): it can no longer
-- take money and reads EXPIRED (the wire's states stay OPEN, PAID, EXPIRED), so a link made for an
-- order stops holding the order's dishes (D214). Unix seconds of the sandbox clock, as the link's
-- other times.

ALTER TABLE payment_links ADD COLUMN cancelled_at bigint;

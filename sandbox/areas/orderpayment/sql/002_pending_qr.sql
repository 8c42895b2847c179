-- A VietQR made for an order (GET /payment/qr/{invoice_id}: the payment screen's QR tab, a printed
-- bill) is a PENDING QR payment holding the amount it shows until it is paid, cancelled by the
-- merchant or replaced by a QR of another amount (D214). While an order has a PENDING payment of any
-- method its dishes are locked (platform/sale/settlement.ts). At most one pending QR per order.
--
-- `reason` now also says why a payment ended without money: AMOUNT_MISMATCH (the money offered was
-- not the order's total, D215), CANCELLED (the merchant cancelled it to change the order, D216) and
-- REPLACED (a QR of another amount was made).

CREATE UNIQUE INDEX sale_payments_qr_pending ON sale_payments (order_id) WHERE status = 'PENDING' AND method = 'QR';

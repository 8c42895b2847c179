-- Issue 25 §3 (D257): a fourth kind of bell notification, 3 = the sale service could not issue an
-- order's e-invoice at the moment of sale (auto export gave up, sale_einvoice_jobs FAILED). The
-- worker (sandbox/platform/sale/einvoice-queue.ts) stores it with the order; the bell's fourth tab
-- lists it and a click opens the order in the list, where the retry is.
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_notification_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_notification_type_check CHECK (notification_type IN (0, 1, 2, 3));

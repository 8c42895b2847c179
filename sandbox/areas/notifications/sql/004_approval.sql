-- D310: a fifth kind of bell notification, 4 = a staff member asks the owner to approve a void or a
-- refund of the order it names (the approvals area writes it with its pending request). The bell's
-- approvals tab lists it; a click opens the owner's approvals page, where the request is decided.
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_notification_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_notification_type_check CHECK (notification_type IN (0, 1, 2, 3, 4));

-- Check-ins (doc 2 §2 attendance list, §3 Attendance record): a staff card tapped on one of the
-- merchant's card terminals. The card number is stored masked (6 first + 4 last digits), never whole.
-- channel_id names the terminal's channel; a delete must carry it (doc 2 §7). Times are bigint unix ms
-- of the sandbox clock; rows cascade with their merchant.

CREATE TABLE attendance (
  id            serial PRIMARY KEY,
  merchant_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  card_id       text NOT NULL,
  card_number   text NOT NULL,
  serial_number text NOT NULL,
  channel_id    text NOT NULL,
  latitude      double precision NOT NULL,
  longitude     double precision NOT NULL,
  created_at    bigint NOT NULL
);
CREATE INDEX attendance_merchant ON attendance (merchant_id, created_at DESC, id DESC);

-- Feedback with images (issue 11, core §3 Feedback): a merchant's problem reports, each with 1 to 5
-- images kept in the database (bytea, at most 102,400 bytes each, PNG or JPEG by content). Times are
-- bigint unix ms of the sandbox clock; rows cascade with their merchant.

CREATE TABLE feedback (
  id            serial PRIMARY KEY,
  merchant_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('CHECK', 'EDC', 'OTHER')),
  -- SET NULL: a store deleted later leaves the report readable under the name it had.
  store_id      integer REFERENCES stores(id) ON DELETE SET NULL,
  store_name    text NOT NULL,
  content       text,
  description   text NOT NULL,
  serial_number text,
  created_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);
CREATE INDEX feedback_merchant ON feedback (merchant_id, type, created_at DESC, id DESC);

CREATE TABLE feedback_images (
  id          serial PRIMARY KEY,
  feedback_id integer NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
  -- Repeated from the feedback so serving an image is one scoped lookup.
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  mime        text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
  bytes       bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 102400),
  position    integer NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX feedback_images_feedback ON feedback_images (feedback_id, position, id);

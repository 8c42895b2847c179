-- Idempotency keys (issue 13): the first answer to a call made with an `Idempotency-Key` header is
-- kept 24 h for (merchant, key) and replayed to every repeat, errors included
-- (platform/http/idempotency.ts). The sale service's money calls use it: payments, add dishes, counter
-- invoices. `fingerprint` is the call and its body; the same key with another fingerprint is refused.
-- A row whose `status_code` is NULL is a call still running: its key is claimed, and a concurrent
-- repeat waits for the answer instead of running the call again. Times are bigint unix ms of the
-- sandbox clock.

CREATE TABLE idempotency_keys (
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  key         text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer,
  -- json, not jsonb: a replay is the first answer byte for byte (jsonb would reorder its keys).
  response    json,
  created_at  bigint NOT NULL,
  PRIMARY KEY (merchant_id, key)
);

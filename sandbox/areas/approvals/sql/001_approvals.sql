-- Manager approval (D310): the owner's approval PIN and the approval requests of staff-type users.
-- Times are bigint unix ms of the sandbox clock; rows go with their merchant.

-- One PIN per merchant, the owner's, stored like a password (scrypt, sandbox/platform/auth/passwords.ts),
-- never in clear and never logged. Wrong PINs are counted and lock the PIN for a while (D310).
CREATE TABLE approval_pins (
  merchant_id  text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  pin_hash     text NOT NULL,
  set_by       integer NOT NULL,
  set_at       bigint NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  locked_until bigint
);

-- A request binds what it approves: the kind, the order, the amount and the request's own fields
-- (request_hash over reason, note and lines), so an approval cannot be used for another order or amount.
CREATE TABLE approvals (
  id                serial PRIMARY KEY,
  merchant_id       text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('VOID', 'REFUND')),
  order_id          integer NOT NULL,
  order_code        text NOT NULL,
  amount            bigint NOT NULL CHECK (amount >= 0),
  request           jsonb NOT NULL,
  request_hash      text NOT NULL,
  status            text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'USED')),
  requested_by      integer NOT NULL,
  requested_by_name text NOT NULL,
  requested_at      bigint NOT NULL,
  decided_by        integer,
  decided_by_name   text,
  decided_at        bigint,
  decided_with      text CHECK (decided_with IN ('PIN', 'BELL')),
  used_at           bigint
);
CREATE INDEX approvals_merchant ON approvals (merchant_id, status, requested_at DESC, id DESC);

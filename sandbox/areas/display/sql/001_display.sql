-- Customer displays paired with a merchant (issue 13 point 5, beyond the spec; docs/areas/display.md
-- "Pairing", D141–D143). A row starts as a 6-digit code (5 minutes, single use); claiming it turns the
-- code into a display token, of which only a SHA-256 is kept. Revoking ends the pairing for good.
-- display_state keeps each merchant's newest display message, so a display that (re)connects shows
-- the cashier's current screen at once.

CREATE TABLE display_pairings (
  id              serial PRIMARY KEY,
  merchant_id     text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  -- The code while it may still be claimed; NULL once claimed.
  code            text,
  code_expires_at bigint NOT NULL,
  token_hash      text UNIQUE,
  created_by      integer NOT NULL,
  created_at      bigint NOT NULL,
  claimed_at      bigint,
  revoked_at      bigint
);
CREATE INDEX display_pairings_merchant ON display_pairings (merchant_id, id DESC);
CREATE INDEX display_pairings_code ON display_pairings (code) WHERE code IS NOT NULL;

CREATE TABLE display_state (
  merchant_id text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  seq         bigint NOT NULL,
  message     text NOT NULL,
  updated_at  bigint NOT NULL
);

-- The auth area's tables (issue 2): sign-in attempts for unknown names and the password-reset
-- links. Times are bigint unix ms of the sandbox clock. Part of 001_core.sql until the sandbox had
-- areas.

-- Failed sign-ins for names that match no user, counted like real ones so the answers do not reveal
-- which usernames exist.
CREATE TABLE unknown_login_attempts (
  identifier   text PRIMARY KEY,
  failed_count integer NOT NULL,
  locked_until bigint
);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at    bigint
);

-- Every forgot-password request, known address or not, for the per-address hourly limit.
CREATE TABLE password_reset_requests (
  id           serial PRIMARY KEY,
  email        text NOT NULL,
  requested_at bigint NOT NULL
);
CREATE INDEX password_reset_requests_email ON password_reset_requests (email, requested_at);

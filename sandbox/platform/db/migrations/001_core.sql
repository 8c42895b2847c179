-- Sign-in and session foundation (issue 2): the tables the platform itself reads (seed, tokens,
-- mailbox, settings); the auth area's own are in areas/auth/sql. Times are bigint unix milliseconds
-- of the sandbox clock, never now(): the sandbox clock can be advanced and the database must agree
-- with it.

CREATE TABLE sandbox_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE merchants (
  id                  text PRIMARY KEY,
  alias               text NOT NULL UNIQUE,
  name                text NOT NULL,
  account_type        text NOT NULL CHECK (account_type IN ('business', 'personal')),
  is_fnb              boolean NOT NULL,
  tax_no              text NOT NULL,
  ref_id              text,
  trademark           text,
  business            text,
  address             text,
  phone               text,
  mobile              text,
  email               text,
  website             text,
  merchant_code       text NOT NULL,
  representative_name text,
  position            text,
  indentification_no  text,
  salesperson_name    text,
  salesperson_phone   text
);

CREATE TABLE stores (
  id             serial PRIMARY KEY,
  merchant_id    text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  name           text NOT NULL,
  code           text NOT NULL,
  address        text NOT NULL,
  tax_no         text NOT NULL,
  va_account_no  text,
  country_id     integer NOT NULL DEFAULT 1,
  city_id        integer NOT NULL,
  district_id    integer NOT NULL,
  ward_id        integer NOT NULL,
  address_line_1 text NOT NULL
);

CREATE TABLE staff (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  staff_id    text NOT NULL,
  full_name   text NOT NULL,
  phone       text NOT NULL,
  email       text NOT NULL,
  store_id    integer REFERENCES stores(id) ON DELETE SET NULL,
  UNIQUE (merchant_id, staff_id)
);

CREATE TABLE users (
  id                 serial PRIMARY KEY,
  merchant_id        text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  staff_row_id       integer REFERENCES staff(id) ON DELETE SET NULL,
  username           text NOT NULL,
  email              text NOT NULL,
  password_hash      text NOT NULL,
  full_name          text NOT NULL,
  role               text NOT NULL,
  phone              text NOT NULL DEFAULT '',
  sso_registered     boolean NOT NULL DEFAULT false,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until       bigint,
  throwaway          boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX users_username_ci ON users (lower(username));
CREATE UNIQUE INDEX users_email_ci ON users (lower(email));

-- A session is one sign-in; its refresh tokens rotate inside it and access tokens name it (sid), so
-- logging out or resetting the password ends the access tokens too.
CREATE TABLE sessions (
  id         text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  revoked_at bigint
);

CREATE TABLE refresh_tokens (
  token_hash           text PRIMARY KEY,
  session_id           text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  issued_at            bigint NOT NULL,
  expires_at           bigint NOT NULL,
  rotated_at           bigint,
  successor_access_iat bigint
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE mails (
  id          serial PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body_text   text NOT NULL,
  links       jsonb NOT NULL DEFAULT '[]'::jsonb,
  sent_at     bigint NOT NULL
);
CREATE INDEX mails_to ON mails (lower(to_address));

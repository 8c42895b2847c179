-- The e-invoice provider emulators (issue 15): each merchant's account with each provider, the
-- providers' access tokens, the invoices they issue and the faults a test or a person switched on.
-- Rows cascade with their merchant; times are bigint unix ms of the sandbox clock. Provider names are
-- doc 2 §3's route names.

CREATE TABLE einv_accounts (
  merchant_id        text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  provider           text NOT NULL CHECK (provider IN ('m-invoice', 'misa', 'fpt', 'viettel')),
  username           text NOT NULL,
  password_hash      text NOT NULL,
  tax_code           text NOT NULL,
  declaration_status text NOT NULL DEFAULT 'APPROVED' CHECK (declaration_status IN ('APPROVED', 'PENDING')),
  -- doc 2 §3 declaration records: [{type, email, create_date, status_sent, status_reply, sender, sent_date, status}]
  declarations       jsonb NOT NULL DEFAULT '[]',
  -- [{value, inv_type_name, template_code, active}]
  series             jsonb NOT NULL DEFAULT '[]',
  sso_linked         boolean NOT NULL DEFAULT false,
  PRIMARY KEY (merchant_id, provider)
);
-- A provider knows each user name once (any letter case).
CREATE UNIQUE INDEX einv_accounts_login ON einv_accounts (provider, lower(username));

-- Tokens are stored as their SHA-256: the table never holds one that could be replayed.
CREATE TABLE einv_tokens (
  token_hash  text PRIMARY KEY,
  provider    text NOT NULL,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  created_at  bigint NOT NULL,
  expires_at  bigint NOT NULL
);
CREATE INDEX einv_tokens_merchant ON einv_tokens (merchant_id, provider);

-- Invoice numbers per merchant, provider and series: handed out in the same statement that stores
-- the invoice, so a number is never skipped nor given twice.
CREATE TABLE einv_series_counters (
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  provider    text NOT NULL,
  series      text NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (merchant_id, provider, series)
);

CREATE TABLE einv_invoices (
  id            bigserial PRIMARY KEY,
  merchant_id   text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  provider      text NOT NULL CHECK (provider IN ('m-invoice', 'misa', 'fpt', 'viettel')),
  -- The provider's own id: hoadon68_id (M-Invoice), RefID (MISA), sid (FPT), transactionID (Viettel).
  provider_id   text NOT NULL,
  template_code text NOT NULL CHECK (template_code IN ('1', '2')),
  series        text NOT NULL,
  number        integer NOT NULL,
  issued_at     bigint NOT NULL,
  -- The tax authority's structure (core/types.ts HDon): the PDF and the XML are drawn from it.
  hdon          jsonb NOT NULL,
  -- The provider's own status code and tax-authority status (doc 2 §4), as that provider writes them.
  status        smallint NOT NULL,
  cqt_status    text,
  cqt_code      text,
  lookup_code   text NOT NULL,
  signed_at     bigint,
  client_ref    text NOT NULL,
  extra         jsonb NOT NULL DEFAULT '{}',
  created_at    bigint NOT NULL,
  UNIQUE (merchant_id, provider, client_ref),
  UNIQUE (merchant_id, provider, series, number),
  UNIQUE (merchant_id, provider, provider_id)
);
CREATE INDEX einv_invoices_list ON einv_invoices (merchant_id, provider, issued_at DESC, id DESC);

CREATE TABLE einv_faults (
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  provider    text NOT NULL,
  fault       text NOT NULL,
  options     jsonb NOT NULL DEFAULT '{}',
  armed_at    bigint NOT NULL,
  PRIMARY KEY (merchant_id, provider, fault)
);

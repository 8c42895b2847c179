-- The product backend's e-invoice settings per merchant (doc 2 §3 "E-invoice settings stored
-- server-side"): one provider at a time. The provider password is kept only as a hash (it is never
-- answered); VAT is `tax` as the spec names it. `active` is set on save and cleared by cancel or by an
-- SSO sign-out of the provider in use.
CREATE TABLE einv_settings (
  merchant_id   text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  provider      text NOT NULL CHECK (provider IN ('m-invoice', 'misa', 'fpt', 'viettel')),
  active_method text NOT NULL CHECK (active_method IN ('merchant_account', 'einv_provider_account')),
  tax_code      text NOT NULL,
  username      text,
  password_hash text,
  serial        text,
  tax           smallint CHECK (tax IS NULL OR tax IN (10, 8, 5, 0)),
  auto_export   boolean NOT NULL DEFAULT false,
  print_invoice boolean NOT NULL DEFAULT false,
  active        boolean NOT NULL DEFAULT true,
  updated_at    bigint NOT NULL
);

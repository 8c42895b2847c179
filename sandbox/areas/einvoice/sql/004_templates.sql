-- The merchant's invoice template as the portal's template setup saves it (issue 25 §8, D255): the
-- gallery template chosen, its name and type, and the logo, stored re-encoded (PNG, JPEG, or a PDF
-- rewritten as one fresh page), never the bytes sent.
CREATE TABLE einv_templates (
  merchant_id text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  template_id text NOT NULL,
  name        text NOT NULL,
  type        text NOT NULL CHECK (type IN ('sale', 'gtgt', 'export', 'service', 'electronic')),
  logo_mime   text CHECK (logo_mime IS NULL OR logo_mime IN ('image/png', 'image/jpeg', 'application/pdf')),
  logo_name   text,
  logo_bytes  bytea,
  updated_at  bigint NOT NULL
);

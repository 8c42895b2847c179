-- The checkout service's e-order payment setup and the customer display's customisation (doc 2 §3
-- Payment-method config, Screen customisation; CONTRACT14 §D).

-- One row per merchant once it saves the e-order form. The e-wallet keys are stored as typed (the
-- sandbox plays the bank, which needs them to call the wallet), but no answer carries more than their
-- last 4 characters and no log line carries them at all.
CREATE TABLE eorder_payment_setup (
  merchant_id          text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  redirect_url         text NOT NULL,
  cancel_url           text NOT NULL,
  ipn_url              text NOT NULL,
  ewallet_active       boolean NOT NULL DEFAULT false,
  ewallet_url          text NOT NULL DEFAULT '',
  ewallet_access_key   text NOT NULL DEFAULT '',
  ewallet_secret_key   text NOT NULL DEFAULT '',
  ewallet_partner_code text NOT NULL DEFAULT '',
  qr_active            boolean NOT NULL DEFAULT false,
  qr_channel_id        text NOT NULL DEFAULT '',
  updated_at           bigint NOT NULL
);

-- The customer display's look: up to 4 banner images, the order and success images (an upload of the
-- merchant or one of the sandbox's default images) and three texts.
CREATE TABLE ui_custom (
  merchant_id          text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  banners              jsonb NOT NULL DEFAULT '[]',
  first_welcome        text NOT NULL,
  second_welcome       text NOT NULL,
  order_img            text NOT NULL,
  success_payment_img  text NOT NULL,
  thank_content        text NOT NULL,
  updated_at           bigint NOT NULL
);

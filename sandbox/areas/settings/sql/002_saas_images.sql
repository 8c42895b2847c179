-- Images of the sale settings (doc 2 §5: the shop logo, the ordering site's banner, the customer
-- display's backgrounds), checked by content on upload. One row per upload; the settings point at
-- them by URL (/api/sale/saas/image/{id}), readable by the same merchant's users only.

CREATE TABLE saas_images (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('logo', 'banner', 'background')),
  mime        text NOT NULL,
  bytes       bytea NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX saas_images_merchant ON saas_images (merchant_id, id);

-- The sales feature's subscription (issue 14, doc 2 §2 "Onboarding of the sales feature", §7
-- /saas/subscription/register/*): a merchant with a row has turned the feature on, with the free
-- plan or the full package (a purchase or referral code). No row: not active, /sale-register starts
-- at the free card. Times are bigint unix ms of the sandbox clock.

CREATE TABLE sale_subscriptions (
  merchant_id  text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  plan         text NOT NULL CHECK (plan IN ('FREE', 'FULL')),
  code         text,
  activated_at bigint NOT NULL
);

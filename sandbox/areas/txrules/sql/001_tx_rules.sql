-- Card-transaction routing rules (issue 14, doc 2 §3 Transaction rule, §7 /metadata/rule): for one of
-- the merchant's stores and one card brand, cards issued by the listed banks are sent to one
-- processing bank (the acquirer). Banks are named by the bank area's `banks.short_name` (read by SQL).
-- A rule goes with its store and its merchant. synced_at: when POST /metadata/rule/sync last pushed
-- the rules to the card switch (null: changed since). Times are bigint unix ms of the sandbox clock.

CREATE TABLE tx_rules (
  id          serial PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  card_type   text NOT NULL,
  issuers     text[] NOT NULL,
  acquirer    text NOT NULL,
  created_at  bigint NOT NULL,
  synced_at   bigint
);
CREATE INDEX tx_rules_merchant ON tx_rules (merchant_id, id DESC);

-- Issue 10: a ShopQR's account number is never given to another ShopQR, even after it is deleted (a
-- printed QR would otherwise pay into someone else's code). Each merchant's last issued sequence is
-- stored and only ever moves up; the number is 9699 + merchant id + that sequence (va-number.ts).
-- Reset empties this table with the rest of the world, so the seed's numbers start at 000001 again.

CREATE TABLE shopqr_va_counters (
  merchant_id   text PRIMARY KEY REFERENCES merchants(id) ON DELETE CASCADE,
  last_sequence integer NOT NULL CHECK (last_sequence BETWEEN 0 AND 999999)
);

-- A database kept from before: start after the highest number still present.
INSERT INTO shopqr_va_counters (merchant_id, last_sequence)
SELECT merchant_id, max(substr(va_account_no, 13)::int)
  FROM virtual_accounts WHERE va_account_no ~ '^9699[0-9]{14}$'
 GROUP BY merchant_id;

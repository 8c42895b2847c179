-- Issue 10: throwaway merchants (POST /sandbox/merchants) take their ids from a sequence, so an id,
-- and everything numbered after it (ShopQR accounts, card machine serials), is never issued twice in
-- a database's life. Owned by merchants.id, so reset (TRUNCATE ... RESTART IDENTITY) restarts it
-- together with the rows it numbered.

CREATE SEQUENCE throwaway_merchant_ids MINVALUE 20000001 MAXVALUE 29999999 START 20000001 OWNED BY merchants.id;

-- A database kept from before: continue after the highest copy already made.
SELECT setval('throwaway_merchant_ids', m)
  FROM (SELECT max(id::bigint) AS m FROM merchants WHERE id ~ '^2[0-9]{7}$') AS copies
 WHERE m IS NOT NULL;

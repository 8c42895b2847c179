-- Issue 25 §1, D226: each product carries its VAT tax class, never a rate. The rate of a sale is the
-- class's on the Vietnam day of the payment, from the dated table (src/rules/
-- vat-rates.json, or SANDBOX_VAT_RATES_FILE), so the end of a cut changes no row here. Products that
-- existed before get REDUCED_ELIGIBLE (food, restaurant service, most goods); the seed gives beer,
-- sugary soft drinks and fresh produce their own (D227). The list is TAX_CLASSES of vatRates.ts.

ALTER TABLE products
  ADD COLUMN tax_class text NOT NULL DEFAULT 'REDUCED_ELIGIBLE'
  CONSTRAINT products_tax_class CHECK (tax_class IN ('REDUCED_ELIGIBLE', 'STANDARD', 'SUGARY_DRINK', 'FIVE', 'ZERO', 'NOT_SUBJECT', 'NOT_DECLARED'));

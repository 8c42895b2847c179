-- Issue 25 §1, D226: an order line keeps the tax class its product had when the line was added, as it
-- keeps the price (001_orders.sql), so editing a product later never changes a past sale's VAT. The
-- class is copied by the database itself whichever area writes the line (orders, counter sales in
-- the invoices area, the seeds): a line written without one takes its product's, and adding the
-- product again to the line (ON CONFLICT … DO UPDATE of the amount) keeps the class the line has.
--
-- Lines that existed before take their product's class now (the closest record there is), or
-- REDUCED_ELIGIBLE when the product is gone.

ALTER TABLE sale_order_items ADD COLUMN tax_class text;

UPDATE sale_order_items i SET tax_class = p.tax_class FROM products p WHERE p.id = i.product_id;
UPDATE sale_order_items SET tax_class = 'REDUCED_ELIGIBLE' WHERE tax_class IS NULL;

CREATE FUNCTION sale_order_items_tax_class() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tax_class IS NULL THEN
    SELECT p.tax_class INTO NEW.tax_class FROM products p WHERE p.id = NEW.product_id;
    NEW.tax_class := COALESCE(NEW.tax_class, 'REDUCED_ELIGIBLE');
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER sale_order_items_tax_class BEFORE INSERT ON sale_order_items
  FOR EACH ROW EXECUTE FUNCTION sale_order_items_tax_class();

ALTER TABLE sale_order_items
  ALTER COLUMN tax_class SET NOT NULL,
  ADD CONSTRAINT sale_order_items_tax_class
    CHECK (tax_class IN ('REDUCED_ELIGIBLE', 'STANDARD', 'SUGARY_DRINK', 'FIVE', 'ZERO', 'NOT_SUBJECT', 'NOT_DECLARED'));

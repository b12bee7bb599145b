-- Discounts, tips and a service charge (issue 15, docs/discounts.md). A bill's sub_total, tax_total and
-- total stay what its lines were billed at, now AFTER their discounts (what the guest paid for the food);
-- the discount, the service charge and the tip are columns of their own, never taxed and never mixed.
-- Its payments add up to total + service charge + tip. Same rules as 0001: tenant_id leads every key,
-- index and foreign key; RLS forced; money in integer minor units of the invoice's currency.

-- The owner's settings: a discount taking off more than this share (hundredths of a percent) of what it
-- is taken off needs a manager; an automatic service charge (0: none) for parties of at least N guests.
ALTER TABLE store_settings
  ADD COLUMN manager_discount_bp integer NOT NULL DEFAULT 2000 CHECK (manager_discount_bp BETWEEN 0 AND 10000),
  ADD COLUMN service_charge_bp integer NOT NULL DEFAULT 0 CHECK (service_charge_bp BETWEEN 0 AND 10000),
  ADD COLUMN service_charge_guests smallint NOT NULL DEFAULT 6 CHECK (service_charge_guests BETWEEN 1 AND 999);

ALTER TABLE invoices
  ADD COLUMN discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  ADD COLUMN service_charge_minor bigint NOT NULL DEFAULT 0 CHECK (service_charge_minor >= 0),
  ADD COLUMN tip_minor bigint NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
  -- The discounts' reasons, and the manager who approved a discount above the threshold (a user id).
  ADD COLUMN discount_reason text,
  ADD COLUMN discount_approved_by bigint;

-- A split bill's part: its share of the discount, of the service charge, and its own tip.
ALTER TABLE invoice_parts
  ADD COLUMN discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  ADD COLUMN service_charge_minor bigint NOT NULL DEFAULT 0 CHECK (service_charge_minor >= 0),
  ADD COLUMN tip_minor bigint NOT NULL DEFAULT 0 CHECK (tip_minor >= 0);

-- Each discounted line of a bill: what was taken off its price (its own discount plus its share of a
-- bill discount) and its figures after that, tax recomputed. Lines without a row were billed at their
-- own figures. Refunds give back these figures, never more.
CREATE TABLE invoice_line_discounts (
  tenant_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  order_item_id bigint NOT NULL,
  discount_minor bigint NOT NULL CHECK (discount_minor > 0),
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  PRIMARY KEY (tenant_id, invoice_id, order_item_id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, order_item_id) REFERENCES order_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX invoice_line_discounts_item_idx ON invoice_line_discounts (tenant_id, order_item_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice_line_discounts']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;

-- The reports' hourly rollup: discounts, service charges and tips of the hour's bills. net, tax and
-- total keep their meaning (the bills' figures, so after discounts: what was paid for the food).
ALTER TABLE sales_hourly
  ADD COLUMN discount_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN service_charge_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN tip_minor bigint NOT NULL DEFAULT 0;

-- 0011's function with the three new figures; the rest unchanged.
CREATE OR REPLACE FUNCTION sales_add_invoice() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sales ' || NEW.tenant_id || ' ' || NEW.local_date, 0));
  INSERT INTO sales_hourly AS s (tenant_id, local_date, hour, currency, delivery_type, invoices,
      net_minor, tax_minor, total_minor, discount_minor, service_charge_minor, tip_minor)
    VALUES (NEW.tenant_id, NEW.local_date, NEW.local_hour, NEW.currency, NEW.delivery_type,
      1, NEW.sub_total_minor, NEW.tax_total_minor, NEW.total_minor, NEW.discount_minor,
      NEW.service_charge_minor, NEW.tip_minor)
    ON CONFLICT (tenant_id, local_date, hour, currency, delivery_type) DO UPDATE SET
      invoices = s.invoices + 1,
      net_minor = s.net_minor + EXCLUDED.net_minor,
      tax_minor = s.tax_minor + EXCLUDED.tax_minor,
      total_minor = s.total_minor + EXCLUDED.total_minor,
      discount_minor = s.discount_minor + EXCLUDED.discount_minor,
      service_charge_minor = s.service_charge_minor + EXCLUDED.service_charge_minor,
      tip_minor = s.tip_minor + EXCLUDED.tip_minor;
  IF NEW.customer_id IS NOT NULL THEN
    INSERT INTO customer_visits AS v (tenant_id, local_date, currency, customer_id, bills)
      VALUES (NEW.tenant_id, NEW.local_date, NEW.currency, NEW.customer_id, 1)
      ON CONFLICT (tenant_id, local_date, currency, customer_id) DO UPDATE SET bills = v.bills + 1;
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION sales_add_invoice() FROM PUBLIC;

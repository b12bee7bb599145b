-- Reports and the home dashboard (issue 12): sales added up per store day as bills are paid, so any
-- range, a year of 100,000 orders included, reads a few thousand rows instead of every order line
-- (measured in docs/benchmarks.md: a year straight from invoices, orders and lines took ~400 ms on
-- PostgreSQL). Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.
--
-- The rows are kept by triggers on the tables a payment writes (invoices, invoice_payments, orders), in
-- the paying transaction, so every way a bill is made (POS, table orders, QR pay-first, fixtures, a
-- backfill) adds up the same; docs/reports.md defines each figure. A bill's day and hour are the
-- store's, read from its time zone when it is paid: a later time-zone change leaves past days as they were.

-- Bills and the orders they paid, by the hour they were paid and how the guest dined (the bill's).
CREATE TABLE sales_hourly (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  currency text NOT NULL,
  delivery_type text NOT NULL,
  invoices integer NOT NULL DEFAULT 0,
  orders integer NOT NULL DEFAULT 0,
  net_minor bigint NOT NULL DEFAULT 0,
  tax_minor bigint NOT NULL DEFAULT 0,
  total_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, hour, currency, delivery_type)
);

-- Units and takings of each menu item on paid orders (cancelled lines left out). item_id 0: lines whose
-- item was deleted before the bill was paid. No foreign key: an item deleted later keeps its sales.
CREATE TABLE sales_items_daily (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  currency text NOT NULL,
  item_id bigint NOT NULL,
  -- The title it was last sold under: shown once the item is gone from the menu.
  item_title text NOT NULL,
  quantity bigint NOT NULL DEFAULT 0,
  total_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, currency, item_id)
);

-- Payments by the payment type's title as paid.
CREATE TABLE sales_payments_daily (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  currency text NOT NULL,
  payment_type text NOT NULL,
  payments integer NOT NULL DEFAULT 0,
  amount_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, currency, payment_type)
);

-- Bills paid by each known customer per day: who paid in a range, and who had paid before it. A deleted
-- customer leaves the counts with their row.
CREATE TABLE customer_visits (
  tenant_id bigint NOT NULL,
  local_date date NOT NULL,
  customer_id bigint NOT NULL,
  bills integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, customer_id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
-- "Had this customer paid before the range?"
CREATE INDEX customer_visits_customer_idx ON customer_visits (tenant_id, customer_id, local_date);

-- The store day and hour of an instant, on the tenant's clock.
CREATE FUNCTION sales_local_time(p_tenant bigint, p_at timestamptz) RETURNS timestamp
LANGUAGE sql STABLE AS $$
  SELECT p_at AT TIME ZONE (SELECT timezone FROM tenants WHERE id = p_tenant)
$$;

-- A new bill: its figures in its hour, its customer's visit. Bills of one store day are added up one at
-- a time (the advisory lock), so two tills paying at once never lock the same day's rows in opposite
-- orders and deadlock.
CREATE FUNCTION sales_add_invoice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE local timestamp := sales_local_time(NEW.tenant_id, NEW.created_at);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sales ' || NEW.tenant_id || ' ' || local::date, 0));
  INSERT INTO sales_hourly AS s (tenant_id, local_date, hour, currency, delivery_type, invoices,
      net_minor, tax_minor, total_minor)
    VALUES (NEW.tenant_id, local::date, extract(hour FROM local)::smallint, NEW.currency, NEW.delivery_type,
      1, NEW.sub_total_minor, NEW.tax_total_minor, NEW.total_minor)
    ON CONFLICT (tenant_id, local_date, hour, currency, delivery_type) DO UPDATE SET
      invoices = s.invoices + 1,
      net_minor = s.net_minor + EXCLUDED.net_minor,
      tax_minor = s.tax_minor + EXCLUDED.tax_minor,
      total_minor = s.total_minor + EXCLUDED.total_minor;
  IF NEW.customer_id IS NOT NULL THEN
    INSERT INTO customer_visits AS v (tenant_id, local_date, customer_id, bills)
      VALUES (NEW.tenant_id, local::date, NEW.customer_id, 1)
      ON CONFLICT (tenant_id, local_date, customer_id) DO UPDATE SET bills = v.bills + 1;
  END IF;
  RETURN NULL;
END
$$;

-- A payment of a bill, in its bill's day.
CREATE FUNCTION sales_add_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bill record;
BEGIN
  SELECT created_at, currency INTO bill FROM invoices WHERE tenant_id = NEW.tenant_id AND id = NEW.invoice_id;
  INSERT INTO sales_payments_daily AS p (tenant_id, local_date, currency, payment_type, payments, amount_minor)
    VALUES (NEW.tenant_id, sales_local_time(NEW.tenant_id, bill.created_at)::date, bill.currency,
      NEW.payment_type_title, 1, NEW.amount_minor)
    ON CONFLICT (tenant_id, local_date, currency, payment_type) DO UPDATE SET
      payments = p.payments + 1,
      amount_minor = p.amount_minor + EXCLUDED.amount_minor;
  RETURN NULL;
END
$$;

-- An order paid by a bill: counted in the bill's hour, its lines in the bill's day.
CREATE FUNCTION sales_add_order() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bill record;
  local timestamp;
BEGIN
  SELECT created_at, currency, delivery_type INTO bill
    FROM invoices WHERE tenant_id = NEW.tenant_id AND id = NEW.invoice_id;
  local := sales_local_time(NEW.tenant_id, bill.created_at);
  UPDATE sales_hourly SET orders = orders + 1
    WHERE tenant_id = NEW.tenant_id AND local_date = local::date AND hour = extract(hour FROM local)
      AND currency = bill.currency AND delivery_type = bill.delivery_type;
  INSERT INTO sales_items_daily AS d (tenant_id, local_date, currency, item_id, item_title, quantity, total_minor)
    SELECT NEW.tenant_id, local::date, bill.currency, coalesce(i.item_id, 0), max(i.item_title),
        sum(i.quantity), sum(i.total_minor)
      FROM order_items i
      WHERE i.tenant_id = NEW.tenant_id AND i.order_id = NEW.id AND i.status <> 'cancelled'
      GROUP BY coalesce(i.item_id, 0)
      ORDER BY coalesce(i.item_id, 0)
    ON CONFLICT (tenant_id, local_date, currency, item_id) DO UPDATE SET
      item_title = EXCLUDED.item_title,
      quantity = d.quantity + EXCLUDED.quantity,
      total_minor = d.total_minor + EXCLUDED.total_minor;
  RETURN NULL;
END
$$;

CREATE TRIGGER invoices_sales AFTER INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION sales_add_invoice();
CREATE TRIGGER invoice_payments_sales AFTER INSERT ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION sales_add_payment();
CREATE TRIGGER orders_sales AFTER UPDATE OF invoice_id ON orders
  FOR EACH ROW WHEN (OLD.invoice_id IS NULL AND NEW.invoice_id IS NOT NULL)
  EXECUTE FUNCTION sales_add_order();

-- Bills paid before this migration, added up the same way.
INSERT INTO sales_hourly (tenant_id, local_date, hour, currency, delivery_type, invoices, orders, net_minor,
    tax_minor, total_minor)
  SELECT b.tenant_id, b.local::date, extract(hour FROM b.local)::smallint, b.currency, b.delivery_type,
      count(*), sum(b.orders), sum(b.sub_total_minor), sum(b.tax_total_minor), sum(b.total_minor)
    FROM (
      SELECT i.*, sales_local_time(i.tenant_id, i.created_at) AS local,
        (SELECT count(*) FROM orders o WHERE o.tenant_id = i.tenant_id AND o.invoice_id = i.id) AS orders
      FROM invoices i
    ) b
    GROUP BY 1, 2, 3, 4, 5;
INSERT INTO sales_items_daily (tenant_id, local_date, currency, item_id, item_title, quantity, total_minor)
  SELECT i.tenant_id, sales_local_time(i.tenant_id, i.created_at)::date, i.currency, coalesce(l.item_id, 0),
      max(l.item_title), sum(l.quantity), sum(l.total_minor)
    FROM invoices i
    JOIN orders o ON o.tenant_id = i.tenant_id AND o.invoice_id = i.id
    JOIN order_items l ON l.tenant_id = o.tenant_id AND l.order_id = o.id AND l.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4;
INSERT INTO sales_payments_daily (tenant_id, local_date, currency, payment_type, payments, amount_minor)
  SELECT i.tenant_id, sales_local_time(i.tenant_id, i.created_at)::date, i.currency, p.payment_type_title,
      count(*), sum(p.amount_minor)
    FROM invoice_payments p
    JOIN invoices i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
    GROUP BY 1, 2, 3, 4;
INSERT INTO customer_visits (tenant_id, local_date, customer_id, bills)
  SELECT tenant_id, sales_local_time(tenant_id, created_at)::date, customer_id, count(*)
    FROM invoices WHERE customer_id IS NOT NULL
    GROUP BY 1, 2, 3;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sales_hourly', 'sales_items_daily', 'sales_payments_daily', 'customer_visits']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    -- Written only by the triggers, which run as the paying request's role.
    EXECUTE format('GRANT SELECT, INSERT, UPDATE ON %I TO comanda_app', t);
  END LOOP;
END $$;

-- Reports and the home dashboard (issue 12): sales added up per store day as bills are paid, so any
-- range, a year of 100,000 orders included, reads one row per day and hour, per item or per customer
-- instead of every order line (docs/reports.md, "How it is computed": a year straight from invoices,
-- orders and lines took ~400 ms on PostgreSQL; docs/benchmarks.md, "Reports": from these, ~50 ms).
-- Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.
--
-- The rows are kept by triggers on the tables a payment writes (invoices, invoice_payments, orders), in
-- the paying transaction, so every way a bill is made (POS, table orders, fixtures, a backfill, a later
-- void) adds up the same. A bill's store day and hour are worked out once, when it is paid, and kept on
-- the bill: the app sets them from the store's time zone (as it does the orders' business day); a row
-- written without them gets them from the database's time-zone rules. Every rollup row of a bill reads
-- the bill's, so a time-zone change during a payment cannot split it, and past days never move.

-- Ends a payment that an older node starts while this runs (it writes orders, then invoices) before it
-- can take the locks in the other order; the rollups are then filled from a settled set of bills.
LOCK TABLE orders, invoices, invoice_payments IN SHARE ROW EXCLUSIVE MODE;

-- The store's wall clock at an instant; UTC's for a zone name this database does not know (the app
-- accepts what the browser's Intl does, and the two lists differ at the edges).
CREATE FUNCTION sales_local_time(p_tenant bigint, p_at timestamptz) RETURNS timestamp
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_at AT TIME ZONE (SELECT timezone FROM tenants WHERE id = p_tenant);
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN p_at AT TIME ZONE 'UTC';
END
$$;

ALTER TABLE invoices ADD COLUMN local_date date;
ALTER TABLE invoices ADD COLUMN local_hour smallint CHECK (local_hour BETWEEN 0 AND 23);
UPDATE invoices SET local_date = sales_local_time(tenant_id, created_at)::date,
  local_hour = extract(hour FROM sales_local_time(tenant_id, created_at));
ALTER TABLE invoices ALTER COLUMN local_date SET NOT NULL;
ALTER TABLE invoices ALTER COLUMN local_hour SET NOT NULL;

CREATE FUNCTION invoices_local_time() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.local_date IS NULL OR NEW.local_hour IS NULL THEN
    NEW.local_date := sales_local_time(NEW.tenant_id, NEW.created_at)::date;
    NEW.local_hour := extract(hour FROM sales_local_time(NEW.tenant_id, NEW.created_at));
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoices_local_time BEFORE INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_local_time();

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

-- Units and takings of each menu item on paid orders (cancelled lines left out). item_key is the item's
-- id, or 'deleted:' and the title for lines whose item was deleted before the bill was paid (two
-- deleted items stay two). No foreign key: an item deleted later keeps its sales and its last title.
CREATE TABLE sales_items_daily (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  currency text NOT NULL,
  item_key text NOT NULL,
  item_id bigint,
  -- The title it was sold under that day: the newest day's is shown once the item is gone.
  item_title text NOT NULL,
  quantity bigint NOT NULL DEFAULT 0,
  total_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, currency, item_key)
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

-- Bills paid by each known customer per day and currency: who paid in a range, and who had paid
-- before it. A deleted customer leaves the counts with their rows.
CREATE TABLE customer_visits (
  tenant_id bigint NOT NULL,
  local_date date NOT NULL,
  currency text NOT NULL,
  customer_id bigint NOT NULL,
  bills integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, local_date, currency, customer_id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
-- "Had this customer paid before the range?"
CREATE INDEX customer_visits_customer_idx ON customer_visits (tenant_id, customer_id, currency, local_date);

-- The triggers below run as the tables' owner (SECURITY DEFINER): the app's role may only read the
-- rollups, so no figure is written except by paying. Each takes the bill's own store day and hour.

-- A new bill: its figures in its hour, its customer's visit. Bills of one store day are added up one at
-- a time (the advisory lock), so two tills paying at once never lock the same day's item rows in
-- opposite orders and deadlock.
CREATE FUNCTION sales_add_invoice() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sales ' || NEW.tenant_id || ' ' || NEW.local_date, 0));
  INSERT INTO sales_hourly AS s (tenant_id, local_date, hour, currency, delivery_type, invoices,
      net_minor, tax_minor, total_minor)
    VALUES (NEW.tenant_id, NEW.local_date, NEW.local_hour, NEW.currency, NEW.delivery_type,
      1, NEW.sub_total_minor, NEW.tax_total_minor, NEW.total_minor)
    ON CONFLICT (tenant_id, local_date, hour, currency, delivery_type) DO UPDATE SET
      invoices = s.invoices + 1,
      net_minor = s.net_minor + EXCLUDED.net_minor,
      tax_minor = s.tax_minor + EXCLUDED.tax_minor,
      total_minor = s.total_minor + EXCLUDED.total_minor;
  IF NEW.customer_id IS NOT NULL THEN
    INSERT INTO customer_visits AS v (tenant_id, local_date, currency, customer_id, bills)
      VALUES (NEW.tenant_id, NEW.local_date, NEW.currency, NEW.customer_id, 1)
      ON CONFLICT (tenant_id, local_date, currency, customer_id) DO UPDATE SET bills = v.bills + 1;
  END IF;
  RETURN NULL;
END
$$;

-- A payment of a bill, in its bill's day.
CREATE FUNCTION sales_add_payment() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO sales_payments_daily AS p (tenant_id, local_date, currency, payment_type, payments, amount_minor)
    SELECT NEW.tenant_id, b.local_date, b.currency, NEW.payment_type_title, 1, NEW.amount_minor
      FROM invoices b WHERE b.tenant_id = NEW.tenant_id AND b.id = NEW.invoice_id
    ON CONFLICT (tenant_id, local_date, currency, payment_type) DO UPDATE SET
      payments = p.payments + 1,
      amount_minor = p.amount_minor + EXCLUDED.amount_minor;
  RETURN NULL;
END
$$;

-- An order paid by a bill: counted in the bill's hour, its lines in the bill's day.
CREATE FUNCTION sales_add_order() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bill record;
BEGIN
  SELECT local_date, local_hour, currency, delivery_type INTO bill
    FROM invoices WHERE tenant_id = NEW.tenant_id AND id = NEW.invoice_id;
  UPDATE sales_hourly SET orders = orders + 1
    WHERE tenant_id = NEW.tenant_id AND local_date = bill.local_date AND hour = bill.local_hour
      AND currency = bill.currency AND delivery_type = bill.delivery_type;
  -- The bill's own trigger made that row: without it the figures would be silently off, so the bill stops.
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no sales_hourly row for invoice % of tenant %', NEW.invoice_id, NEW.tenant_id;
  END IF;
  INSERT INTO sales_items_daily AS d (tenant_id, local_date, currency, item_key, item_id, item_title,
      quantity, total_minor)
    SELECT NEW.tenant_id, bill.local_date, bill.currency,
        coalesce(i.item_id::text, 'deleted:' || i.item_title), i.item_id, max(i.item_title),
        sum(i.quantity), sum(i.total_minor)
      FROM order_items i
      WHERE i.tenant_id = NEW.tenant_id AND i.order_id = NEW.id AND i.status <> 'cancelled'
      GROUP BY i.item_id, coalesce(i.item_id::text, 'deleted:' || i.item_title)
      ORDER BY 4
    ON CONFLICT (tenant_id, local_date, currency, item_key) DO UPDATE SET
      item_title = EXCLUDED.item_title,
      quantity = d.quantity + EXCLUDED.quantity,
      total_minor = d.total_minor + EXCLUDED.total_minor;
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION sales_add_invoice(), sales_add_payment(), sales_add_order() FROM PUBLIC;

CREATE TRIGGER invoices_sales AFTER INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION sales_add_invoice();
CREATE TRIGGER invoice_payments_sales AFTER INSERT ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION sales_add_payment();
CREATE TRIGGER orders_sales AFTER UPDATE OF invoice_id ON orders
  FOR EACH ROW WHEN (OLD.invoice_id IS NULL AND NEW.invoice_id IS NOT NULL)
  EXECUTE FUNCTION sales_add_order();

-- Bills paid before this migration, added up the same way.
INSERT INTO sales_hourly (tenant_id, local_date, hour, currency, delivery_type, invoices, orders, net_minor,
    tax_minor, total_minor)
  SELECT i.tenant_id, i.local_date, i.local_hour, i.currency, i.delivery_type, count(*),
      sum((SELECT count(*) FROM orders o WHERE o.tenant_id = i.tenant_id AND o.invoice_id = i.id)),
      sum(i.sub_total_minor), sum(i.tax_total_minor), sum(i.total_minor)
    FROM invoices i
    GROUP BY 1, 2, 3, 4, 5;
INSERT INTO sales_items_daily (tenant_id, local_date, currency, item_key, item_id, item_title, quantity,
    total_minor)
  SELECT i.tenant_id, i.local_date, i.currency, coalesce(l.item_id::text, 'deleted:' || l.item_title),
      l.item_id, max(l.item_title), sum(l.quantity), sum(l.total_minor)
    FROM invoices i
    JOIN orders o ON o.tenant_id = i.tenant_id AND o.invoice_id = i.id
    JOIN order_items l ON l.tenant_id = o.tenant_id AND l.order_id = o.id AND l.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4, 5;
INSERT INTO sales_payments_daily (tenant_id, local_date, currency, payment_type, payments, amount_minor)
  SELECT i.tenant_id, i.local_date, i.currency, p.payment_type_title, count(*), sum(p.amount_minor)
    FROM invoice_payments p
    JOIN invoices i ON i.tenant_id = p.tenant_id AND i.id = p.invoice_id
    GROUP BY 1, 2, 3, 4;
INSERT INTO customer_visits (tenant_id, local_date, currency, customer_id, bills)
  SELECT tenant_id, local_date, currency, customer_id, count(*)
    FROM invoices WHERE customer_id IS NOT NULL
    GROUP BY 1, 2, 3, 4;

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
    EXECUTE format('GRANT SELECT ON %I TO comanda_app', t);
  END LOOP;
END $$;

-- Voids and refunds (issue 15, VOIDS slice): the owner's list of void reasons, voided lines of sent
-- orders, and refunds of paid invoices (whole or by line) that subtract from the report rollups of 0011.
-- Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.

-- Why a line was voided or an invoice refunded: a list the owner edits (Settings, Void Reasons). A void
-- or refund copies the title, so renaming or deleting a reason never changes what was recorded.
CREATE TABLE void_reasons (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX void_reasons_tenant_title_key ON void_reasons (tenant_id, lower(title));

-- Every tenant starts with a sensible list, made in the transaction that inserts the tenant (as 0006
-- makes its settings rows), and the tenants from before get the same.
CREATE FUNCTION create_tenant_void_reasons() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO void_reasons (tenant_id, title)
    SELECT NEW.id, r.title
      FROM unnest(ARRAY['Customer changed mind', 'Wrong item', 'Kitchen mistake', 'Quality issue'])
        WITH ORDINALITY AS r (title, n)
      ORDER BY r.n
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION create_tenant_void_reasons() FROM PUBLIC;
CREATE TRIGGER tenants_create_void_reasons AFTER INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION create_tenant_void_reasons();

INSERT INTO void_reasons (tenant_id, title)
  SELECT t.id, r.title
    FROM tenants t
    CROSS JOIN unnest(ARRAY['Customer changed mind', 'Wrong item', 'Kitchen mistake', 'Quality issue'])
      WITH ORDINALITY AS r (title, n)
    ORDER BY t.id, r.n
  ON CONFLICT DO NOTHING;

-- A voided line (status 'cancelled' with a reason): who voided it, when and why. The shift's Z report
-- reads voids from here (voided_at, total_minor). Lines cancelled before this migration, or with their
-- whole order, before a reason was asked, keep these null.
ALTER TABLE order_items ADD COLUMN void_reason text;
ALTER TABLE order_items ADD COLUMN voided_by bigint;
ALTER TABLE order_items ADD COLUMN voided_at timestamptz;
CREATE INDEX order_items_voided_idx ON order_items (tenant_id, voided_at) WHERE voided_at IS NOT NULL;

-- A refund of a paid invoice: money given back, by one payment type, for some or all of its lines.
-- Amounts are the server's, from the invoice's lines (refund_lines); positive numbers that the rollups
-- subtract. Counted on the store day and hour it is made (local_date, local_hour, as invoices): past
-- days never move.
CREATE TABLE refunds (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  invoice_id bigint NOT NULL,
  reason_id bigint,
  reason text NOT NULL,
  payment_type_id bigint,
  payment_type_title text NOT NULL,
  -- The invoice's, copied: the rollup rows a refund subtracts from are keyed by them.
  currency text NOT NULL,
  delivery_type text NOT NULL CHECK (delivery_type IN ('dinein', 'delivery', 'takeaway')),
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  local_date date NOT NULL,
  local_hour smallint NOT NULL CHECK (local_hour BETWEEN 0 AND 23),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, reason_id) REFERENCES void_reasons (tenant_id, id) ON DELETE SET NULL (reason_id),
  FOREIGN KEY (tenant_id, payment_type_id) REFERENCES payment_types (tenant_id, id)
    ON DELETE SET NULL (payment_type_id)
);
CREATE INDEX refunds_invoice_idx ON refunds (tenant_id, invoice_id);
CREATE INDEX refunds_tenant_created_idx ON refunds (tenant_id, created_at);

-- The lines a refund gives back: a quantity of one invoiced line and what that quantity came to.
CREATE TABLE refund_lines (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  refund_id bigint NOT NULL,
  order_item_id bigint NOT NULL,
  -- As sold, copied from the line: the items rollup is keyed by them.
  item_id bigint,
  item_title text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, refund_id) REFERENCES refunds (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, order_item_id) REFERENCES order_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX refund_lines_refund_idx ON refund_lines (tenant_id, refund_id);
CREATE INDEX refund_lines_item_idx ON refund_lines (tenant_id, order_item_id);

-- A refund written without its store day and hour gets them from the database's time-zone rules, as a
-- bill does (0011): the same function, which reads only created_at, local_date and local_hour.
CREATE TRIGGER refunds_local_time BEFORE INSERT ON refunds
  FOR EACH ROW EXECUTE FUNCTION invoices_local_time();

-- A refund takes its figures off its own day and hour (the bill's dining option and currency), and off
-- its payment type's takings that day; it counts no bill and no order. Same day lock as a bill (0011).
CREATE FUNCTION sales_subtract_refund() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('sales ' || NEW.tenant_id || ' ' || NEW.local_date, 0));
  INSERT INTO sales_hourly AS s (tenant_id, local_date, hour, currency, delivery_type, net_minor, tax_minor,
      total_minor)
    VALUES (NEW.tenant_id, NEW.local_date, NEW.local_hour, NEW.currency, NEW.delivery_type,
      -NEW.net_minor, -NEW.tax_minor, -NEW.total_minor)
    ON CONFLICT (tenant_id, local_date, hour, currency, delivery_type) DO UPDATE SET
      net_minor = s.net_minor + EXCLUDED.net_minor,
      tax_minor = s.tax_minor + EXCLUDED.tax_minor,
      total_minor = s.total_minor + EXCLUDED.total_minor;
  INSERT INTO sales_payments_daily AS p (tenant_id, local_date, currency, payment_type, amount_minor)
    VALUES (NEW.tenant_id, NEW.local_date, NEW.currency, NEW.payment_type_title, -NEW.total_minor)
    ON CONFLICT (tenant_id, local_date, currency, payment_type) DO UPDATE SET
      amount_minor = p.amount_minor + EXCLUDED.amount_minor;
  RETURN NULL;
END
$$;

-- A refunded line takes its units and takings off its item on the refund's day.
CREATE FUNCTION sales_subtract_refund_line() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO sales_items_daily AS d (tenant_id, local_date, currency, item_key, item_id, item_title,
      quantity, total_minor)
    SELECT NEW.tenant_id, r.local_date, r.currency, coalesce(NEW.item_id::text, 'deleted:' || NEW.item_title),
        NEW.item_id, NEW.item_title, -NEW.quantity, -NEW.total_minor
      FROM refunds r WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.refund_id
    ON CONFLICT (tenant_id, local_date, currency, item_key) DO UPDATE SET
      quantity = d.quantity + EXCLUDED.quantity,
      total_minor = d.total_minor + EXCLUDED.total_minor;
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION sales_subtract_refund(), sales_subtract_refund_line() FROM PUBLIC;

CREATE TRIGGER refunds_sales AFTER INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION sales_subtract_refund();
CREATE TRIGGER refund_lines_sales AFTER INSERT ON refund_lines
  FOR EACH ROW EXECUTE FUNCTION sales_subtract_refund_line();

-- Refunds are never edited or deleted by the app: it may only read and add them.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['void_reasons', 'refunds', 'refund_lines']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON void_reasons TO comanda_app;
GRANT SELECT, INSERT ON refunds, refund_lines TO comanda_app;

-- The owner's audit-log browser (Settings, Audit Log): newest first, by action, by user.
CREATE INDEX audit_log_tenant_action_idx ON audit_log (tenant_id, action, id);
CREATE INDEX audit_log_tenant_actor_idx ON audit_log (tenant_id, actor_user_id, id);

-- Orders, their lines, invoices and payments, daily token counters and idempotency keys (SPEC §2 POS,
-- Orders, Kitchen, Invoices; issue 10). Same rules as 0001: tenant_id leads every key, index and foreign
-- key; RLS forced; money in integer minor units of the store currency.
--
-- Shaped for what comes next (offline sync, split bills, mixed tenders, voids): orders and lines carry the
-- client's UUIDs (a create with a known UUID answers the existing order), an invoice's payments are rows
-- of their own, and what was sold is copied onto the line (title, prices, tax) so later menu edits never
-- change a sent order or a printed receipt.

CREATE TABLE orders (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  uuid uuid NOT NULL,
  -- The store's business day the order was taken on (its time zone) and that day's token.
  business_date date NOT NULL,
  token_no integer NOT NULL CHECK (token_no > 0),
  -- The store currency the amounts are in, as taken: a later currency change never rereads them.
  currency text NOT NULL,
  source text NOT NULL DEFAULT 'pos' CHECK (source IN ('pos', 'qr')),
  delivery_type text NOT NULL CHECK (delivery_type IN ('dinein', 'delivery', 'takeaway')),
  customer_type text NOT NULL DEFAULT 'WALKIN' CHECK (customer_type IN ('WALKIN', 'CUSTOMER')),
  customer_id bigint,
  -- As the order was taken (a QR diner's name and phone, or the customer's at the time).
  customer_name text,
  customer_phone text,
  table_id bigint,
  table_title text,
  floor text,
  -- created: open (in the kitchen or on the table); completed; cancelled.
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'completed', 'cancelled')),
  payment_status text NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid')),
  invoice_id bigint,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT orders_tenant_uuid_key UNIQUE (tenant_id, uuid),
  CONSTRAINT orders_tenant_token_key UNIQUE (tenant_id, business_date, token_no),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id),
  FOREIGN KEY (tenant_id, table_id) REFERENCES store_tables (tenant_id, id) ON DELETE SET NULL (table_id)
);
-- Open orders (table orders, kitchen, QR list) and the date-filtered lists.
CREATE INDEX orders_tenant_status_idx ON orders (tenant_id, status, created_at);
CREATE INDEX orders_tenant_created_idx ON orders (tenant_id, created_at);
CREATE INDEX orders_tenant_invoice_idx ON orders (tenant_id, invoice_id);
CREATE INDEX orders_tenant_customer_idx ON orders (tenant_id, customer_id);

CREATE TABLE order_items (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  uuid uuid NOT NULL,
  order_id bigint NOT NULL,
  -- What was sold, copied: the menu may change or lose the item afterwards.
  item_id bigint,
  item_title text NOT NULL,
  variant_id bigint,
  variant_title text,
  -- The item's price or its variant's (which replaces it), and the addons' sum: one unit, before tax.
  base_price_minor bigint NOT NULL CHECK (base_price_minor >= 0),
  addons_price_minor bigint NOT NULL DEFAULT 0 CHECK (addons_price_minor >= 0),
  -- [{ "id": 1, "title": "Cheese", "price_minor": 150 }]
  addons jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  notes text,
  tax_id bigint,
  tax_title text,
  tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  tax_type text CHECK (tax_type IN ('exclusive', 'inclusive')),
  -- The line's figures from the one totals function (packages/core): net, tax, total.
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'preparing', 'completed', 'delivered', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT order_items_tenant_uuid_key UNIQUE (tenant_id, uuid),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, item_id) REFERENCES menu_items (tenant_id, id) ON DELETE SET NULL (item_id)
);
CREATE INDEX order_items_order_idx ON order_items (tenant_id, order_id);
-- Top sellers and the kitchen's "all day" counts.
CREATE INDEX order_items_item_idx ON order_items (tenant_id, item_id);

CREATE TABLE invoices (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  uuid uuid NOT NULL,
  sub_total_minor bigint NOT NULL CHECK (sub_total_minor >= 0),
  tax_total_minor bigint NOT NULL CHECK (tax_total_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  currency text NOT NULL,
  -- As billed: the table and guest of the orders it pays.
  delivery_type text NOT NULL CHECK (delivery_type IN ('dinein', 'delivery', 'takeaway')),
  customer_type text NOT NULL DEFAULT 'WALKIN' CHECK (customer_type IN ('WALKIN', 'CUSTOMER')),
  customer_id bigint,
  customer_name text,
  customer_phone text,
  customer_email text,
  table_id bigint,
  table_title text,
  floor text,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT invoices_tenant_uuid_key UNIQUE (tenant_id, uuid),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id),
  FOREIGN KEY (tenant_id, table_id) REFERENCES store_tables (tenant_id, id) ON DELETE SET NULL (table_id)
);
CREATE INDEX invoices_tenant_created_idx ON invoices (tenant_id, created_at);

ALTER TABLE orders ADD FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id);

-- One row today; several when a bill is paid part cash, part card (issue 15).
CREATE TABLE invoice_payments (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  invoice_id bigint NOT NULL,
  payment_type_id bigint,
  payment_type_title text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  -- Cash: what the guest handed over and the change given.
  tendered_minor bigint CHECK (tendered_minor >= 0),
  change_minor bigint CHECK (change_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, payment_type_id) REFERENCES payment_types (tenant_id, id) ON DELETE SET NULL (payment_type_id)
);
CREATE INDEX invoice_payments_invoice_idx ON invoice_payments (tenant_id, invoice_id);

-- Tokens restart at 1 each business day: one row per tenant and day, bumped atomically
-- (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so concurrent orders never share a token.
CREATE TABLE token_counters (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  business_date date NOT NULL,
  last_token integer NOT NULL,
  PRIMARY KEY (tenant_id, business_date)
);

-- Idempotency-Key of order-creating and paying calls: the first request's answer, replayed to any
-- repeat. The row is inserted in the request's own transaction, so a concurrent repeat waits on it and
-- then reads the committed answer; a request that fails leaves no row and may be retried.
CREATE TABLE idempotency_keys (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  -- The route and a hash of the body: the same key with another request is refused.
  request text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, key)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['orders', 'order_items', 'invoices', 'invoice_payments', 'token_counters',
    'idempotency_keys']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;

-- Table orders, the kitchen display and QR orders waiting at the POS (SPEC §2 Orders, Kitchen, POS;
-- issue 10, second slice). Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.

-- When a line of a sent order was changed afterwards (cancelled from table orders today; voided or
-- added to later): the kitchen highlights the ticket.
ALTER TABLE orders ADD COLUMN changed_at timestamptz;
-- When the kitchen bumped the whole ticket (every open line completed with one tap); the latest bumped
-- ticket of the tenant is the one "recall" brings back. Null when not bumped or recalled.
ALTER TABLE orders ADD COLUMN kitchen_bumped_at timestamptz;
-- The kitchen's open tickets: orders with a line still to make.
CREATE INDEX order_items_open_idx ON order_items (tenant_id, order_id) WHERE status IN ('created', 'preparing');
CREATE INDEX orders_tenant_bumped_idx ON orders (tenant_id, kitchen_bumped_at) WHERE kitchen_bumped_at IS NOT NULL;

-- The kitchen ticket timer turns amber and red after these many minutes (the owner sets them).
ALTER TABLE store_settings ADD COLUMN kitchen_warn_minutes integer NOT NULL DEFAULT 5
  CHECK (kitchen_warn_minutes BETWEEN 1 AND 240);
ALTER TABLE store_settings ADD COLUMN kitchen_late_minutes integer NOT NULL DEFAULT 8
  CHECK (kitchen_late_minutes BETWEEN 1 AND 240);
ALTER TABLE store_settings ADD CONSTRAINT store_settings_kitchen_minutes_order
  CHECK (kitchen_late_minutes > kitchen_warn_minutes);

-- An order a diner placed from the QR menu (issue 11 places them), waiting at the POS: the cashier loads
-- it into the cart and sends it (it becomes an order, `order_id`) or cancels it. What the diner chose is
-- kept as chosen ([{ item_id, variant_id, addons_ids, quantity, notes, item_title, variant_title,
-- addons: [{ id, title }] }]); the POS prices it again from the menu when it is sent.
CREATE TABLE qr_orders (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'cancelled')),
  delivery_type text NOT NULL DEFAULT 'dinein' CHECK (delivery_type IN ('dinein', 'delivery', 'takeaway')),
  customer_type text NOT NULL DEFAULT 'WALKIN' CHECK (customer_type IN ('WALKIN', 'CUSTOMER')),
  customer_name text,
  customer_phone text,
  table_id bigint,
  table_title text,
  floor text,
  items jsonb NOT NULL,
  order_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, table_id) REFERENCES store_tables (tenant_id, id) ON DELETE SET NULL (table_id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE SET NULL (order_id)
);
CREATE INDEX qr_orders_pending_idx ON qr_orders (tenant_id, created_at) WHERE status = 'pending';

ALTER TABLE qr_orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE qr_orders FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON qr_orders
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON qr_orders TO comanda_app;

-- Idempotency keys are kept for a week (platform/idempotency): the sweep finds a tenant's old ones here.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (tenant_id, created_at);

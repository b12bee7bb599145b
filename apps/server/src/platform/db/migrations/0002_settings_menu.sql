-- Settings and menu catalogue: store and print settings, tables, categories, taxes, payment types,
-- menu items with variants and addons, and uploaded images. Same rules as 0001: tenant_id leads every
-- key, index and foreign key; RLS forced; money in integer minor units of the store currency.

CREATE TABLE store_settings (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  store_name text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  currency text NOT NULL DEFAULT 'USD',
  image text,
  is_qr_menu_enabled boolean NOT NULL DEFAULT false,
  is_qr_order_enabled boolean NOT NULL DEFAULT false,
  -- Opens the public menu before any tenant is known, so it is unique across tenants (like usernames).
  unique_qr_code text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE print_settings (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  page_format integer NOT NULL DEFAULT 80 CHECK (page_format IN (57, 80)),
  header text NOT NULL DEFAULT '',
  footer text NOT NULL DEFAULT '',
  show_notes boolean NOT NULL DEFAULT true,
  is_enable_print boolean NOT NULL DEFAULT true,
  show_store_details boolean NOT NULL DEFAULT true,
  show_customer_details boolean NOT NULL DEFAULT true,
  print_token boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_tables (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  floor text NOT NULL,
  seating_capacity integer NOT NULL CHECK (seating_capacity >= 0),
  -- The opaque encrypted_id of table QR links: random, so it can be neither forged nor enumerated.
  qr_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, qr_token)
);

CREATE TABLE categories (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE taxes (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  -- hundredths of a percent: 7.5% is 750
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  type text NOT NULL CHECK (type IN ('exclusive', 'inclusive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE payment_types (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE images (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- Served publicly (menu photos) by this random key; kept in the database so every node has them.
  key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE menu_items (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  title text NOT NULL,
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  net_price_minor bigint CHECK (net_price_minor >= 0),
  category_id bigint,
  tax_id bigint,
  image_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  -- Deleting a category, tax or image leaves the item valid, with none (PostgreSQL 15+ column list).
  FOREIGN KEY (tenant_id, category_id) REFERENCES categories (tenant_id, id) ON DELETE SET NULL (category_id),
  FOREIGN KEY (tenant_id, tax_id) REFERENCES taxes (tenant_id, id) ON DELETE SET NULL (tax_id),
  FOREIGN KEY (tenant_id, image_id) REFERENCES images (tenant_id, id) ON DELETE SET NULL (image_id)
);
CREATE INDEX menu_items_category_idx ON menu_items (tenant_id, category_id);
CREATE INDEX menu_items_tax_idx ON menu_items (tenant_id, tax_id);

CREATE TABLE menu_item_variants (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  item_id bigint NOT NULL,
  title text NOT NULL,
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, item_id) REFERENCES menu_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX menu_item_variants_item_idx ON menu_item_variants (tenant_id, item_id);

CREATE TABLE menu_item_addons (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  item_id bigint NOT NULL,
  title text NOT NULL,
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, item_id) REFERENCES menu_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX menu_item_addons_item_idx ON menu_item_addons (tenant_id, item_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_settings', 'print_settings', 'store_tables', 'categories', 'taxes',
    'payment_types', 'images', 'menu_items', 'menu_item_variants', 'menu_item_addons']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;

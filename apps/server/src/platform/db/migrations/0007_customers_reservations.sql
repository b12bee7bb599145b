-- Customers and reservations (SPEC §2 Customers, Reservation). Same rules as 0001: tenant_id leads every
-- key, index and foreign key; RLS forced.

CREATE TABLE customers (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- As typed; the key is phone_key (core's phoneKeyOf: ext as x, letters and digits, lower-cased), so
  -- '555-0101' and '555 0101' are one customer, found either way, and so are '1 ext 2' and '1 x 2'.
  phone text NOT NULL,
  phone_key text NOT NULL GENERATED ALWAYS AS (lower(regexp_replace(regexp_replace(phone, 'ext', 'x', 'gi'), '[^0-9A-Za-z]', '', 'g'))) STORED,
  name text NOT NULL,
  email text,
  birth_date date,
  gender text CHECK (gender IN ('female', 'male', 'other')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT customers_tenant_phone_key UNIQUE (tenant_id, phone_key)
);
-- The list: newest first, paged.
CREATE INDEX customers_tenant_created_idx ON customers (tenant_id, created_at DESC, id DESC);

CREATE TABLE reservations (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- The short code a guest quotes (RESERVATION_CODE_ALPHABET in packages/core).
  unique_code text NOT NULL,
  customer_id bigint NOT NULL,
  table_id bigint,
  starts_at timestamptz NOT NULL,
  people_count integer NOT NULL CHECK (people_count BETWEEN 0 AND 1000),
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'paid', 'cancelled')),
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT reservations_tenant_code_key UNIQUE (tenant_id, unique_code),
  -- A customer's past reservations go with them; one with upcoming bookings is refused by the service.
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE,
  -- Deleting a table leaves its bookings without one (PostgreSQL 15+ column list).
  FOREIGN KEY (tenant_id, table_id) REFERENCES store_tables (tenant_id, id) ON DELETE SET NULL (table_id)
);
-- The date-filtered list and the double-booking check.
CREATE INDEX reservations_tenant_starts_idx ON reservations (tenant_id, starts_at);
CREATE INDEX reservations_table_starts_idx ON reservations (tenant_id, table_id, starts_at);
CREATE INDEX reservations_customer_idx ON reservations (tenant_id, customer_id, starts_at);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customers', 'reservations']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;

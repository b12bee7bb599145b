-- Staff PINs on a shared tablet (issue 31, docs/staff-pins.md). The owner marks a browser as a store
-- device ("Bar tablet"): the server keeps the hash of its credential (an httpOnly cookie), which on its
-- own opens nothing but the PIN pad. Staff sign in there with their PIN (users.pin_hash, 0022); the
-- session is an ordinary devices row that names its store device and ends after the device's idle time
-- without input. Same rules as 0001: tenant_id leads every key and foreign key; RLS forced.
CREATE TABLE store_devices (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  secret_hash text NOT NULL,
  -- Seconds without input before a PIN session locks back to the pad; 0 = never (a kitchen screen).
  idle_seconds integer NOT NULL DEFAULT 120 CHECK (idle_seconds = 0 OR idle_seconds BETWEEN 15 AND 3600),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  PRIMARY KEY (tenant_id, id)
);

-- Wrong PINs per person per store device: five lock that person's PIN on that device only, so one
-- device (or one prankster) cannot lock anyone out of every other device, nor out of discount approvals.
CREATE TABLE store_device_pin_failures (
  tenant_id bigint NOT NULL,
  store_device_id bigint NOT NULL,
  user_id bigint NOT NULL,
  failures smallint NOT NULL DEFAULT 0,
  locks smallint NOT NULL DEFAULT 0,
  locked_until timestamptz,
  PRIMARY KEY (tenant_id, store_device_id, user_id),
  FOREIGN KEY (tenant_id, store_device_id) REFERENCES store_devices (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX store_device_pin_failures_user_idx ON store_device_pin_failures (tenant_id, user_id);

-- A session opened by PIN names its store device and copies its idle time (0 for e-mail sessions).
ALTER TABLE devices
  ADD COLUMN store_device_id bigint,
  ADD COLUMN idle_seconds integer NOT NULL DEFAULT 0,
  ADD FOREIGN KEY (tenant_id, store_device_id) REFERENCES store_devices (tenant_id, id) ON DELETE CASCADE;
CREATE INDEX devices_store_device_idx ON devices (tenant_id, store_device_id) WHERE revoked_at IS NULL;

ALTER TABLE store_devices ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_devices FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON store_devices
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON store_devices TO comanda_app;

ALTER TABLE store_device_pin_failures ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_device_pin_failures FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON store_device_pin_failures
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON store_device_pin_failures TO comanda_app;

-- The session check (system path) ends an idle PIN session: it reads the idle time and last input.
GRANT SELECT (idle_seconds, last_seen_at) ON devices TO comanda_system;

-- Day one for a new owner (issue 31, docs/setup.md).
--
-- A new store starts with Cash and Card (0031 made Cash alone): both active, Cash in the drawer and the
-- default, so the first sale after sign-up needs no payment-type setup whichever way the guest pays.
-- Same trigger as 0031, redefined; existing stores keep their types as they are.
CREATE OR REPLACE FUNCTION create_tenant_payment_types() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO payment_types (tenant_id, title, is_active, is_cash, is_default)
    VALUES (NEW.id, 'Cash', true, true, true),
           (NEW.id, 'Card', true, false, false);
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION create_tenant_payment_types() FROM PUBLIC;

-- The setup checklist's one remembered choice: the owner hid it (per store, not per device, so it
-- stays hidden on every device the owner uses). Its ticks are computed from the store's data, never
-- stored. No row means not dismissed.
CREATE TABLE setup_checklists (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  dismissed_at timestamptz,
  dismissed_by bigint,
  FOREIGN KEY (tenant_id, dismissed_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (dismissed_by)
);
ALTER TABLE setup_checklists ENABLE ROW LEVEL SECURITY;
ALTER TABLE setup_checklists FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON setup_checklists
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON setup_checklists TO comanda_app;

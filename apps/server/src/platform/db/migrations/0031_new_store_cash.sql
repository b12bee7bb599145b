-- A new store starts with one payment type, Cash (issue 30): active, a cash type (it goes in the
-- drawer, 0018) and the default (0023), so a SPEC §7 bill sent without a payment is paid from the first
-- order instead of answering 400. Made by a trigger in the transaction that inserts the tenant, as 0017
-- makes its void reasons, so sign-up, the super admin's "add tenant" and a node still on older code all
-- get it. It runs as the owner (SECURITY DEFINER): the system role that signs tenants up needs no right
-- on payment_types. Existing stores keep their types as they are (0023 marked their defaults).
CREATE FUNCTION create_tenant_payment_types() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO payment_types (tenant_id, title, is_active, is_cash, is_default)
    VALUES (NEW.id, 'Cash', true, true, true);
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION create_tenant_payment_types() FROM PUBLIC;
CREATE TRIGGER tenants_create_payment_types AFTER INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION create_tenant_payment_types();

-- Reads never write: every tenant has its store and print settings from the moment it exists, instead
-- of the first read making them. A trigger makes them in the transaction that inserts the tenant
-- (sign-up), whoever inserts it: a node still on older code during a rolling deploy included. It runs
-- as the owner (SECURITY DEFINER), so the system role that signs tenants up needs no right on these
-- tables. The defaults are the ones the lazy creation used: the store named as the business, a fresh
-- public menu code (16 url-safe characters, 96 random bits), the columns' defaults.

CREATE FUNCTION new_menu_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  -- gen_random_uuid() is strongly random; hashing two gives 96 even bits, written as base64url.
  SELECT translate(
    encode(substring(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')) FROM 1 FOR 12),
           'base64'),
    '+/', '-_')
$$;

CREATE FUNCTION create_tenant_settings() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO store_settings (tenant_id, store_name, unique_qr_code)
    VALUES (NEW.id, NEW.name, new_menu_code())
    ON CONFLICT (tenant_id) DO NOTHING;
  INSERT INTO print_settings (tenant_id) VALUES (NEW.id) ON CONFLICT (tenant_id) DO NOTHING;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION create_tenant_settings() FROM PUBLIC;
REVOKE ALL ON FUNCTION new_menu_code() FROM PUBLIC;

CREATE TRIGGER tenants_create_settings AFTER INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION create_tenant_settings();

-- Tenants from before. ON CONFLICT: an older node's lazy read may make a row while this runs.
INSERT INTO store_settings (tenant_id, store_name, unique_qr_code)
SELECT t.id, t.name, new_menu_code()
FROM tenants t
WHERE NOT EXISTS (SELECT 1 FROM store_settings s WHERE s.tenant_id = t.id)
ON CONFLICT (tenant_id) DO NOTHING;

INSERT INTO print_settings (tenant_id)
SELECT t.id
FROM tenants t
WHERE NOT EXISTS (SELECT 1 FROM print_settings p WHERE p.tenant_id = t.id)
ON CONFLICT (tenant_id) DO NOTHING;

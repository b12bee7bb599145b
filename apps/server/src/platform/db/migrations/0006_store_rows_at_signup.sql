-- Reads never write: every tenant's store and print settings are made at sign-up (in the sign-up
-- transaction, on the system path) instead of lazily by the first read. Tenants from before get theirs
-- here, with the defaults the lazy creation used: the store named as the business, a fresh public menu
-- code (16 url-safe characters, 96 random bits, like newQrCode), everything else the columns' defaults.

-- Sign-up runs as the system role: it may add these two rows for a new tenant, and still read none.
GRANT INSERT ON store_settings, print_settings TO comanda_system;
CREATE POLICY system_create ON store_settings FOR INSERT TO comanda_system WITH CHECK (true);
CREATE POLICY system_create ON print_settings FOR INSERT TO comanda_system WITH CHECK (true);

INSERT INTO store_settings (tenant_id, store_name, unique_qr_code)
SELECT t.id,
       t.name,
       -- gen_random_uuid() is volatile (one per row) and strongly random; hashing two of them gives 96
       -- even bits, written as base64url without padding.
       translate(
         encode(substring(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8'))
                          FROM 1 FOR 12), 'base64'),
         '+/', '-_')
FROM tenants t
WHERE NOT EXISTS (SELECT 1 FROM store_settings s WHERE s.tenant_id = t.id);

INSERT INTO print_settings (tenant_id)
SELECT t.id
FROM tenants t
WHERE NOT EXISTS (SELECT 1 FROM print_settings p WHERE p.tenant_id = t.id);

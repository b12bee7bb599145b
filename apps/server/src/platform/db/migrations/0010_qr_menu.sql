-- Diners (issue 11): the public QR menu, QR orders placed from it, and following such an order live.
-- Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.

-- The diner's key to one QR order: its status page and its socket room (docs/qr-menu.md). The app makes
-- 128 random bits (base64url) per order; rows placed before this migration get a random UUID's 16
-- bytes (122 random bits from the server's strong generator; gen_random_uuid is built in since
-- PostgreSQL 13 and in PGlite, no pgcrypto needed) in the same base64url form.
ALTER TABLE qr_orders ADD COLUMN status_token text;
UPDATE qr_orders SET status_token = rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=');
ALTER TABLE qr_orders ALTER COLUMN status_token SET NOT NULL;
-- Looked up before any tenant is known (like unique_qr_code), so unique across tenants.
ALTER TABLE qr_orders ADD CONSTRAINT qr_orders_status_token_key UNIQUE (status_token);
-- The diner rooms find the QR order behind a changed order after each commit.
CREATE INDEX qr_orders_order_idx ON qr_orders (tenant_id, order_id) WHERE order_id IS NOT NULL;

-- The pickup board reads the business day's orders through orders_tenant_token_key (tenant_id,
-- business_date, token_no), which already leads with those columns: no index of its own.

-- A small copy of each picture for the menu's cards (WebP, made by sharp); null until made, empty when
-- sharp could not read the picture (never tried again). Images stored before this migration get theirs
-- on the first request for it.
ALTER TABLE images ADD COLUMN thumb_bytes bytea;

-- The system path (comanda_system, migration 0003) finds a menu's tenant by its public code and an
-- order's tenant by its status token; nothing more: the tenant's own reads (the diner notices after
-- each commit included) then run in inTenant.
GRANT SELECT (tenant_id, unique_qr_code) ON store_settings TO comanda_system;
CREATE POLICY system_read ON store_settings FOR SELECT TO comanda_system USING (true);
GRANT SELECT (tenant_id, status_token) ON qr_orders TO comanda_system;
CREATE POLICY system_read ON qr_orders FOR SELECT TO comanda_system USING (true);

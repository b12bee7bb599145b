-- Diners (issue 11): the public QR menu, QR orders placed from it, and following such an order live.
-- Same rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.

-- The diner's key to one QR order: its status page and its socket room (docs/qr-menu.md). The app makes
-- 128 random bits (base64url) per order; rows placed before this migration get an md5 of random text,
-- as wide and unguessable enough for orders that nobody follows yet (PGlite has no pgcrypto).
ALTER TABLE qr_orders ADD COLUMN status_token text;
UPDATE qr_orders SET status_token = md5(random()::text || clock_timestamp()::text || tenant_id::text || id::text);
ALTER TABLE qr_orders ALTER COLUMN status_token SET NOT NULL;
-- Looked up before any tenant is known (like unique_qr_code), so unique across tenants.
ALTER TABLE qr_orders ADD CONSTRAINT qr_orders_status_token_key UNIQUE (status_token);
-- The diner rooms find the QR order behind a changed order after each commit.
CREATE INDEX qr_orders_order_idx ON qr_orders (tenant_id, order_id) WHERE order_id IS NOT NULL;

-- The pickup board reads the business day's orders.
CREATE INDEX orders_tenant_business_date_idx ON orders (tenant_id, business_date);

-- A small copy of each picture for the menu's cards (WebP, made by sharp); null until made. Images
-- stored before this migration get theirs on the first request for it.
ALTER TABLE images ADD COLUMN thumb_bytes bytea;

-- The system path (comanda_system, migration 0003) finds a menu's tenant by its public code, an
-- order's tenant by its status token, and after each commit which changed orders diners follow; nothing
-- more: the tenant's own reads then run in inTenant.
GRANT SELECT (tenant_id, unique_qr_code) ON store_settings TO comanda_system;
CREATE POLICY system_read ON store_settings FOR SELECT TO comanda_system USING (true);
GRANT SELECT (tenant_id, id, order_id, status_token) ON qr_orders TO comanda_system;
CREATE POLICY system_read ON qr_orders FOR SELECT TO comanda_system USING (true);

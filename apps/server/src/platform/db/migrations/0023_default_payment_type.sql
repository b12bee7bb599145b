-- The default payment type (issue 30): what pays a bill sent without a payment, as SPEC §7's
-- create-order-and-invoice and complete-and-pay-order payloads are. The owner marks at most one type
-- per store; without a mark (or once the marked type is switched off) the default is the store's first
-- active cash type, else its first active type (catalogue.repo findDefaultPaymentType).
ALTER TABLE payment_types ADD COLUMN is_default boolean NOT NULL DEFAULT false;
-- A switched-off type is never the default: switching it off clears its mark in the same update.
ALTER TABLE payment_types ADD CONSTRAINT payment_types_default_active CHECK (NOT is_default OR is_active);
CREATE UNIQUE INDEX payment_types_tenant_default_key ON payment_types (tenant_id) WHERE is_default;

-- Existing stores: their active Cash (a cash type, 0018), else their first active type.
UPDATE payment_types p SET is_default = true
  FROM (
    SELECT DISTINCT ON (tenant_id) tenant_id, id
      FROM payment_types
     WHERE is_active
     ORDER BY tenant_id, is_cash DESC, id
  ) d
 WHERE p.tenant_id = d.tenant_id AND p.id = d.id;

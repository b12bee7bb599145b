-- Subscriptions (issue 13): what the payment provider told us, kept per tenant for the history page,
-- and the provider's ids on the tenant so a webhook finds its tenant.
--
-- tenants.is_active stays the one switch the auth hook reads (402 when false); billing and the super
-- admin both set it. subscription_start / subscription_end (0001) are the current period.

ALTER TABLE tenants
  ADD COLUMN billing_customer_id text,
  ADD COLUMN billing_subscription_id text,
  -- The provider's time of the newest event applied to this tenant: an older event arriving late
  -- (webhooks are not ordered) is kept in the history but does not change the tenant.
  ADD COLUMN billing_event_at timestamptz;
CREATE UNIQUE INDEX tenants_billing_customer_idx ON tenants (billing_customer_id);

-- One row per subscription event: created, renewed, cancelled, payment_failed (SPEC §3 "History rows").
-- provider_event_id makes a replayed webhook insert nothing (ON CONFLICT DO NOTHING).
CREATE TABLE subscription_events (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('created', 'renewed', 'cancelled', 'payment_failed')),
  starts_on timestamptz,
  expires_on timestamptz,
  -- What the provider charged, in minor units of its currency (null when nothing was charged).
  amount_minor bigint,
  currency text,
  -- 'stripe' for webhooks; 'superadmin' for a change made by hand.
  provider text NOT NULL,
  provider_event_id text,
  provider_subscription_id text,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX subscription_events_provider_event_idx
  ON subscription_events (tenant_id, provider, provider_event_id);
CREATE INDEX subscription_events_created_idx ON subscription_events (tenant_id, created_at);

ALTER TABLE subscription_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE subscription_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON subscription_events
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
-- A tenant reads its own history (the profile's subscription card); it never writes it.
GRANT SELECT ON subscription_events TO comanda_app;

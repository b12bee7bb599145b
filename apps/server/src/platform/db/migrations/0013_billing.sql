-- Subscription billing (issue 13, docs/billing.md): what the system role needs to apply the card
-- provider's webhooks and an admin's cancellation. Both run as comanda_system (asSystem): a webhook
-- arrives before any tenant is known (it is found by the provider's customer id), and a tenant role
-- may never change whether its own tenant is active (0003). Nothing here is granted to comanda_app.

-- Find the tenant behind a webhook by the provider's ids, and compare the event's time with the
-- newest one applied (an out-of-order event is kept in the history but changes nothing).
GRANT SELECT (billing_customer_id, billing_subscription_id, billing_event_at, subscription_start,
  subscription_end) ON tenants TO comanda_system;
-- Start, renew and end a subscription: the switch the auth hook reads (402), the current period,
-- the provider's ids and the newest applied event's time. No other column (name, email, time zone).
GRANT UPDATE (is_active, subscription_start, subscription_end, billing_customer_id,
  billing_subscription_id, billing_event_at, updated_at) ON tenants TO comanda_system;
-- RLS is forced on tenants: this lets the system role's UPDATE through (the column grant above is
-- what limits it). 0003's system_read already covers its SELECT.
CREATE POLICY billing_system_update ON tenants FOR UPDATE TO comanda_system USING (true) WITH CHECK (true);

-- Append each event to the history (the replay check reads it back); never update or delete one.
GRANT SELECT, INSERT ON subscription_events TO comanda_system;
CREATE POLICY billing_system_read ON subscription_events FOR SELECT TO comanda_system USING (true);
CREATE POLICY billing_system_create ON subscription_events FOR INSERT TO comanda_system WITH CHECK (true);

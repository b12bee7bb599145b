-- The super admin's suspension (issue 29; docs/superadmin-tenants.md, docs/billing.md): a state of its
-- own beside the subscription. is_active stays the one switch every request reads (402); suspended_at
-- says the super admin switched the tenant off, and no billing event clears it: a paid checkout of a
-- suspended tenant records the subscription but leaves it off, and checkout is refused meanwhile.
-- Only the super admin's re-activation clears it.
ALTER TABLE tenants ADD COLUMN suspended_at timestamptz;

-- A suspended tenant is never active, whichever path writes the row.
ALTER TABLE tenants ADD CONSTRAINT tenants_suspended_inactive CHECK (suspended_at IS NULL OR NOT is_active);

-- The super admin sets and clears it; billing reads it (both as comanda_system). comanda_app reads its
-- own row (0001's table-wide SELECT) and may not change it (0003 grants it name and time zone only).
GRANT SELECT (suspended_at), UPDATE (suspended_at) ON tenants TO comanda_system;

-- Before this, the super admin's switch and billing's were one column. A tenant that is off while its
-- subscription runs can only have been switched off by the super admin: it is suspended from now on.
-- Other inactive tenants (unpaid, or switched off with no subscription) cannot be told apart and stay
-- unsuspended.
UPDATE tenants SET suspended_at = updated_at WHERE NOT is_active AND billing_subscription_id IS NOT NULL;

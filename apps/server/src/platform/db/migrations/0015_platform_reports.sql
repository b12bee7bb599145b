-- The super administrator's dashboard and reports (issue 13, docs/superadmin-reports.md): figures
-- added up across every tenant, read as comanda_system (the one cross-tenant path). It gets only what
-- those figures read, and nothing that names or reaches a person:
--
-- * tenants: the store's name (Top Selling Items names its store) and time zone ("today" and a date
--   filter are each store's own days). 0003 already lets it read id and is_active, and its system_read
--   policy lets it see every row.
-- * sales_hourly and sales_items_daily (0011): orders, takings and units per store day and currency.
--   Sums, no customers, no staff. sales_payments_daily and customer_visits stay closed: no figure needs
--   them (customer_visits holds customer ids).
-- * customers: tenant_id and created_at only, to count customers added in a range. Never the name,
--   phone, e-mail, birth date or gender (column privileges: a query naming them is refused).
--
-- Read only: no INSERT, UPDATE or DELETE on any of them. RLS is forced on each, so each gets a policy
-- that lets comanda_system see rows for SELECT alone (policies of one table are OR-ed).

GRANT SELECT (name, timezone) ON tenants TO comanda_system;

GRANT SELECT ON sales_hourly, sales_items_daily TO comanda_system;
CREATE POLICY system_read ON sales_hourly FOR SELECT TO comanda_system USING (true);
CREATE POLICY system_read ON sales_items_daily FOR SELECT TO comanda_system USING (true);

GRANT SELECT (tenant_id, created_at) ON customers TO comanda_system;
CREATE POLICY system_read ON customers FOR SELECT TO comanda_system USING (true);


-- The reports read the refunds made in a range of store days (issue 31: refunds as a figure of their
-- own, docs/reports.md): an index on the store day they were made, tenant first as every index.
CREATE INDEX refunds_tenant_local_date_idx ON refunds (tenant_id, local_date);

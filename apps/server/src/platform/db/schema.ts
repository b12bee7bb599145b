// Every table drizzle knows, one file per owning module; the drizzle client, the drift test and
// existing imports read them all from here. Each <module>.schema.ts imports only drizzle and
// columns.ts, so importing this index never pulls in a service.
export * from './platform.schema.ts';
export * from '../../modules/tenants/tenants.schema.ts';
export * from '../../modules/users/users.schema.ts';
export * from '../../modules/devices/devices.schema.ts';
export * from '../../modules/store-devices/store-devices.schema.ts';
export * from '../../modules/auth/auth.schema.ts';
export * from '../../modules/superadmin/superadmin.schema.ts';
export * from '../../modules/store/store.schema.ts';
export * from '../../modules/tables/tables.schema.ts';
export * from '../../modules/catalogue/catalogue.schema.ts';
export * from '../../modules/menu/menu.schema.ts';
export * from '../images/images.schema.ts';
export * from '../../modules/customers/customers.schema.ts';
export * from '../../modules/reservations/reservations.schema.ts';
export * from '../../modules/orders/orders.schema.ts';
export * from '../../modules/invoices/invoices.schema.ts';
export * from '../../modules/bills/bills.schema.ts';
export * from '../../modules/discounts/discounts.schema.ts';
export * from '../idempotency/idempotency.schema.ts';
export * from '../../modules/qrorders/qrorders.schema.ts';
export * from '../../modules/reports/reports.schema.ts';
export * from '../../modules/billing/billing.schema.ts';
export * from '../../modules/shifts/shifts.schema.ts';
export * from '../../modules/voids/voids.schema.ts';
export * from '../../modules/refunds/refunds.schema.ts';
export * from '../../modules/timeclock/timeclock.schema.ts';
export * from '../../modules/setup/setup.schema.ts';
export * from '../../modules/tickets/tickets.schema.ts';

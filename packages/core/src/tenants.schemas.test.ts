import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addTenantSchema,
  tenantAuditQuery,
  tenantIdParams,
  tenantListQuery,
  updateTenantSchema,
} from './tenants.schemas.ts';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('addTenantSchema', () => {
  const ok = { name: 'Cafe', email: 'Owner@Cafe.test', password: 'long enough' };
  it('answers each SPEC §5 Tenant add message, in order', () => {
    expect(firstMessage(addTenantSchema, {})).toBe('Please provide name!');
    expect(firstMessage(addTenantSchema, { ...ok, name: ' ' })).toBe('Please provide name!');
    expect(firstMessage(addTenantSchema, { ...ok, email: '' })).toBe('Please provide Email!');
    expect(firstMessage(addTenantSchema, { ...ok, password: '' })).toBe('Please provide password!');
    expect(firstMessage(addTenantSchema, { ...ok, email: 'owner' })).toBe('Please provide valid email!');
  });
  it('lower-cases the e-mail (the admin signs in with it) and is active unless told', () => {
    expect(addTenantSchema.parse(ok)).toEqual({ ...ok, email: 'owner@cafe.test', isActive: true });
    expect(addTenantSchema.parse({ ...ok, isActive: false }).isActive).toBe(false);
    expect(firstMessage(addTenantSchema, { ...ok, isActive: 'no' })).toBe('Invalid request!');
  });
});

describe('updateTenantSchema', () => {
  const ok = { name: 'Cafe', email: 'owner@cafe.test', isActive: true };
  it('answers each SPEC §5 Tenant update message', () => {
    expect(firstMessage(updateTenantSchema, { ...ok, name: '' })).toBe("Please Provide Tenant's Name!");
    expect(firstMessage(updateTenantSchema, { ...ok, email: '' })).toBe("Please Provide Tenant's Email!");
    expect(firstMessage(updateTenantSchema, { ...ok, email: 'x' })).toBe('Please Provide Valid Email!');
    expect(firstMessage(updateTenantSchema, { name: 'Cafe', email: 'a@b.test' })).toBe('Invalid request!');
  });
});

describe('tenantListQuery', () => {
  it('defaults to the first page of 5, every status, no search and no date filter', () => {
    expect(tenantListQuery.parse({})).toEqual({ page: 1, perPage: 5, status: 'all', dates: undefined });
    expect(tenantListQuery.parse({ search: '  ' }).search).toBeUndefined();
    expect(tenantListQuery.parse({ status: '' }).status).toBe('all');
    expect(firstMessage(tenantListQuery, { status: 'gone' })).toBe('Invalid request!');
  });
  it("takes every date filter, 'tomorrow' included, and checks a custom range", () => {
    expect(tenantListQuery.parse({ type: 'tomorrow' }).dates).toEqual({ type: 'tomorrow' });
    expect(tenantListQuery.parse({ type: 'custom', from: '2026-01-01', to: '2026-01-31' }).dates).toEqual({
      type: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(firstMessage(tenantListQuery, { type: 'later' })).toBe('Please select a valid date filter!');
    expect(firstMessage(tenantListQuery, { type: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe(
      'The start date must not be after the end date!',
    );
  });
});

describe('tenant paths and audit query', () => {
  it('reads digits only as an id', () => {
    expect(tenantIdParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1e3', 'x']) expect(firstMessage(tenantIdParams, { id })).toBe('Not found!');
  });
  it('reads the tenant log by default', () => {
    expect(tenantAuditQuery.parse({})).toEqual({ source: 'tenant', page: 1, perPage: 10 });
    expect(firstMessage(tenantAuditQuery, { source: 'x' })).toBe('Invalid request!');
  });
});

import { describe, expect, it } from 'vitest';
import {
  createOrderAndInvoiceSchema,
  createOrderSchema,
  idempotencyKeySchema,
  saleHeaders,
} from './orders.schemas.ts';

const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const lineId = '9b2e5b36-2f56-4e0c-8d6a-6a3c1f0e9d11';
const line = { uuid: lineId, item_id: 3, quantity: 2 };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('createOrderSchema', () => {
  it('reads a minimal order with its defaults', () => {
    expect(createOrderSchema.parse({ uuid: id, cart: [line], deliveryType: 'dinein' })).toEqual({
      uuid: id,
      cart: [
        { uuid: lineId, item_id: 3, variant_id: null, addons_ids: [], quantity: 2, notes: null, seat: null },
      ],
      deliveryType: 'dinein',
      customerType: 'WALKIN',
      customerId: null,
      tableId: null,
      // A dine-in order's name tag (issue 31): none unless given.
      nameTag: null,
      selectedQrOrderItem: null,
    });
  });

  it('reads the SPEC §7 payload: no uuids, each line naming its item by id (issue 30)', () => {
    const parsed = createOrderSchema.parse({
      cart: [{ id: 3, title: 'Burger', variants: [], addons: [], quantity: 1, notes: '', variant: null }],
      deliveryType: 'dinein',
      customerType: 'WALKIN',
      customerId: null,
      tableId: null,
      selectedQrOrderItem: null,
    });
    expect(parsed.uuid).toBeUndefined();
    expect(parsed.cart).toEqual([
      { item_id: 3, variant_id: null, addons_ids: [], quantity: 1, notes: null, seat: null },
    ]);
    // Both named alike is the same item; named differently is refused.
    expect(
      createOrderSchema.parse({ cart: [{ id: 3, item_id: '3', quantity: 1 }], deliveryType: 'dinein' })
        .cart[0]?.item_id,
    ).toBe(3);
    const mismatch = createOrderSchema.safeParse({
      cart: [{ id: 4, item_id: 3, quantity: 1 }],
      deliveryType: 'dinein',
    });
    expect(firstMessage(mismatch)).toBe("A cart line's id and item_id name different menu items!");
    const neither = createOrderSchema.safeParse({ cart: [{ quantity: 1 }], deliveryType: 'dinein' });
    expect(firstMessage(neither)).toBe('Menu item not found!');
    // UUIDs that are sent must still differ.
    const twice = createOrderSchema.safeParse({ cart: [line, line], deliveryType: 'dinein' });
    expect(firstMessage(twice)).toBe('Invalid request!');
  });

  it('reads ids and quantities sent as digit strings, drops repeated addons and blank notes', () => {
    const parsed = createOrderSchema.parse({
      uuid: id,
      cart: [
        {
          ...line,
          item_id: '3',
          variant_id: '4',
          addons_ids: [5, 5, 6],
          quantity: '2',
          notes: '  ',
          seat: '4',
        },
      ],
      deliveryType: 'takeaway',
      customerType: 'CUSTOMER',
      customerId: '9',
      tableId: '',
    });
    expect(parsed.cart[0]).toMatchObject({
      item_id: 3,
      variant_id: 4,
      addons_ids: [5, 6],
      quantity: 2,
      notes: null,
      seat: 4,
    });
    // Text is the guest's phone (docs/customers.md "Naming a customer"); only a JSON number is an id.
    expect(parsed).toMatchObject({ customerId: { phone: '9' }, tableId: null });
    const byId = createOrderSchema.parse({ uuid: id, cart: [line], deliveryType: 'dinein', customerId: 9 });
    expect(byId.customerId).toEqual({ id: 9 });
  });

  it.each([
    [{ cart: [] }, 'Cart is empty!'],
    [{ cart: [{ ...line, quantity: 0 }] }, 'Please provide a valid quantity!'],
    [{ cart: [{ ...line, quantity: 1001 }] }, 'Please provide a valid quantity!'],
    [{ cart: [{ ...line, seat: 0 }] }, 'Please choose a seat from 1 to 99!'],
    [{ cart: [{ ...line, seat: 100 }] }, 'Please choose a seat from 1 to 99!'],
    [{ cart: [{ ...line, seat: 1.5 }] }, 'Please choose a seat from 1 to 99!'],
    [{ cart: [{ ...line, seat: 'two' }] }, 'Please choose a seat from 1 to 99!'],
    [{ cart: [{ ...line, quantity: 2.5 }] }, 'Please provide a valid quantity!'],
    [{ cart: [{ ...line, notes: 'x'.repeat(101) }] }, 'Notes can be at most 100 characters!'],
    [{ cart: [line, line] }, 'Invalid request!'],
    [{ deliveryType: 'drone' }, 'Please select a valid dining option!'],
    [{ customerType: 'CUSTOMER' }, 'Please select customer!'],
  ])('refuses %j with %s', (change, message) => {
    const r = createOrderSchema.safeParse({ uuid: id, cart: [line], deliveryType: 'dinein', ...change });
    expect(r.success).toBe(false);
    expect(firstMessage(r)).toBe(message);
  });
});

describe('createOrderAndInvoiceSchema', () => {
  it('needs the totals; a payment is optional (the default pays, issue 30) but checked when sent', () => {
    const base = { uuid: id, cart: [line], deliveryType: 'dinein', netTotal: 1, taxTotal: 0, total: 1 };
    expect(createOrderAndInvoiceSchema.parse(base).payment).toBeUndefined();
    expect(firstMessage(createOrderAndInvoiceSchema.safeParse({ ...base, total: undefined }))).toBe(
      'Please provide valid totals!',
    );
    expect(firstMessage(createOrderAndInvoiceSchema.safeParse({ ...base, payment: {} }))).toBe(
      'Please select a payment type!',
    );
    const parsed = createOrderAndInvoiceSchema.parse({ ...base, payment: { paymentTypeId: 2, tendered: 5 } });
    expect(parsed.payment).toEqual({ paymentTypeId: 2, tendered: '5' });
    expect(parsed.total).toBe('1');
  });
});

describe('idempotencyKeySchema', () => {
  it('takes 1 to 200 characters', () => {
    expect(idempotencyKeySchema.safeParse('k'.repeat(200)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('k'.repeat(201)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse(undefined).success).toBe(true);
  });
});

describe('saleHeaders: X-Queued-Ms', () => {
  const read = (value?: string) => saleHeaders.safeParse(value === undefined ? {} : { 'x-queued-ms': value });

  it('reads decimal digits as milliseconds, and no header as none', () => {
    expect(read('600000').data?.['x-queued-ms']).toBe(600000);
    expect(read('0').data?.['x-queued-ms']).toBe(0);
    expect(read('007').data?.['x-queued-ms']).toBe(7);
    expect(read().data?.['x-queued-ms']).toBeUndefined();
  });

  it('refuses anything but digits, which Number() would read as a delay', () => {
    for (const value of ['0x100000', '1e7', '-5', '12abc', '+5', '1.5', '0b101', '1_000', '', ' 12']) {
      expect({ value, message: firstMessage(read(value)) }).toEqual({
        value,
        message: 'X-Queued-Ms must be a whole number of milliseconds!',
      });
    }
  });
});

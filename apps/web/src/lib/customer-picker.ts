import type { PickedCustomer } from '@comanda/core';

/**
 * The props of the customers feature's CustomerPicker (a lookup with its Add New Customer dialog).
 * The POS and the reservation dialog take the component from app/routes, since features do not
 * import each other; this one type is what they agree on.
 */
export interface CustomerPickerProps {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  /** Field error shown under the input, e.g. 'Please select customer!' */
  error?: string;
  label?: string;
  required?: boolean;
  /** A narrow column (the POS cart): the Add New Customer button shows its icon only. */
  compact?: boolean;
}

import type { PickedCustomer } from '@comanda/core';

/**
 * The customer lookup of the POS's customer box (the customers feature's CustomerPicker, with its Add
 * New Customer dialog), handed in by app/routes/pos.tsx: features do not import each other.
 */
export interface CustomerPickerProps {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
  compact?: boolean;
}

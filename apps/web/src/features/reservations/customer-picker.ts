import type { PickedCustomer } from '@comanda/core';

/**
 * The customer lookup the reservation dialog shows (the customers feature's CustomerPicker, handed in
 * by app/routes/reservations.tsx: features do not import each other).
 */
export interface CustomerPickerProps {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
}

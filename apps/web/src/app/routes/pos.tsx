import { CustomerPicker } from '../../features/customers/components/CustomerPicker.tsx';
import { PosPage } from '../../features/pos/PosPage.tsx';
import { ShiftHint } from '../../features/shifts/components/ShiftHint.tsx';

/**
 * The POS, with the customers feature's lookup and Add New Customer dialog plugged in, and the shifts
 * feature's "No shift open" hint.
 */
export function PosRoute() {
  return <PosPage CustomerPicker={CustomerPicker} ShiftHint={ShiftHint} />;
}

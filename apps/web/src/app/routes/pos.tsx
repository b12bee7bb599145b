import { CustomerPicker } from '../../features/customers/components/CustomerPicker.tsx';
import { PosPage } from '../../features/pos/PosPage.tsx';
import { QrOrdersStrip } from '../../features/qr-orders/components/QrOrdersStrip.tsx';
import { ShiftHint } from '../../features/shifts/components/ShiftHint.tsx';

/**
 * The POS, with the customers feature's lookup and Add New Customer dialog plugged in, the shifts
 * feature's "No shift open" hint and the qr-orders feature's strip of waiting QR orders.
 */
export function PosRoute() {
  return <PosPage CustomerPicker={CustomerPicker} ShiftHint={ShiftHint} QrStrip={QrOrdersStrip} />;
}

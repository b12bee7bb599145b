import { CustomerPicker } from '../../features/customers/components/CustomerPicker.tsx';
import { PosPage } from '../../features/pos/PosPage.tsx';

/** The POS, with the customers feature's lookup and Add New Customer dialog plugged in. */
export function PosRoute() {
  return <PosPage CustomerPicker={CustomerPicker} />;
}

import { CustomerPicker } from '../../features/customers/components/CustomerPicker.tsx';
import { ReservationsPage } from '../../features/reservations/ReservationsPage.tsx';

/** /dashboard/reservation: the bookings, with the customers feature's lookup in the dialog. */
export function ReservationsRoute() {
  return <ReservationsPage CustomerPicker={CustomerPicker} />;
}

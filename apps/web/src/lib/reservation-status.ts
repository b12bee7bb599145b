import type { ReservationStatus } from '@comanda/core';

/** The one colour of each reservation status, wherever a booking shows (reservations, a customer's page). */
export const RESERVATION_STATUS_COLORS: Record<ReservationStatus, string> = {
  booked: 'blue',
  paid: 'teal',
  cancelled: 'red',
};

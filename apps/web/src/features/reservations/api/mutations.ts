import type { ReservationSaved, addReservationSchema, updateReservationSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };

export const addReservation = (body: z.input<typeof addReservationSchema>) =>
  apiRequest<ReservationSaved>('/reservations/add', { method: 'POST', body });

export const updateReservation = ({
  id,
  ...body
}: z.input<typeof updateReservationSchema> & { id: number }) =>
  apiRequest<ReservationSaved>(`/reservations/update/${id}`, { method: 'POST', body });

export const deleteReservation = (id: number) =>
  apiRequest<Message>(`/reservations/delete/${id}`, { method: 'DELETE' });

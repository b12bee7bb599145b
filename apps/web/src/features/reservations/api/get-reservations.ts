import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DateFilter, Reservation, ReservationInit } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached reservation answer starts with this key: the date-filtered lists, searches and the init. */
export const reservationsQueryKey = ['reservations'] as const;

/** The store's tables, time zone and today (GET /reservations/init). */
export const reservationInitQueryOptions = () =>
  queryOptions({
    queryKey: [...reservationsQueryKey, 'init'],
    queryFn: () => apiRequest<ReservationInit>('/reservations/init'),
  });

/** What a list asks for: a date filter, and its dates when custom (GET /reservations' query). */
export interface ReservationListParams {
  type: DateFilter;
  from?: string;
  to?: string;
}

/** The bookings of a date filter's days at the store, earliest first; the last list stays while the next loads. */
export const reservationsQueryOptions = (query: ReservationListParams) =>
  queryOptions({
    queryKey: [...reservationsQueryKey, 'list', query],
    queryFn: () => {
      const params = new URLSearchParams({ type: query.type });
      if (query.type === 'custom') {
        if (query.from) params.set('from', query.from);
        if (query.to) params.set('to', query.to);
      }
      return apiRequest<Reservation[]>(`/reservations?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** Bookings by code, guest name or phone, newest first. */
export const reservationSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...reservationsQueryKey, 'search', q],
    queryFn: () => apiRequest<Reservation[]>(`/reservations/search?${new URLSearchParams({ q })}`),
    // A refused search is an answer ('No result found!'), not something to try again.
    retry: false,
  });

/** Every cached reservation answer starts with this key: the date-filtered lists, searches and the init. */
export const reservationsQueryKey = ['reservations'] as const;

import dayjs from 'dayjs';

/** A date as the customer screens show it: '17 May 1990'; a dash when there is none. */
export const showDate = (value: string | null) => (value ? dayjs(value).format('D MMM YYYY') : '—');

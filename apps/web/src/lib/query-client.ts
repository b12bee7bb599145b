import { QueryClient } from '@tanstack/react-query';

// SPEC §9 data cache: dedupe 2 s, focus revalidation throttled to 5 s, error retry after 5 s.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 2_000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      retry: 1,
      retryDelay: 5_000,
    },
  },
});

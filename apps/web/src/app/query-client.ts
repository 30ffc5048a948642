import { keepPreviousData, QueryClient } from "@tanstack/react-query";

/**
 * Server state lives only in memory: a full page load always asks the server again (the
 * status must never be stale across reloads). Texts change with the language, so keys carry
 * it, and the previous language's data stays on screen until the new one arrives.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
      placeholderData: keepPreviousData,
    },
  },
});

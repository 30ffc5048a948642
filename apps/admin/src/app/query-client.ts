import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage, isApprovalPending } from "../lib/api.ts";
import { toast } from "../lib/toast-store.ts";

/** A refusal (4xx) will not change on retry; a network or server failure might. */
function shouldRetry(failureCount: number, err: unknown): boolean {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return failureCount < 2;
}

/**
 * A four-eyes change answered "saved as a request, waiting for a second operator": not a failure,
 * so it is one neutral notice, never a red error (pages add no toast of their own for it).
 */
export function notifyFailure(err: unknown): void {
  if (isApprovalPending(err)) toast.info(errorMessage(err));
  else toast.error(errorMessage(err));
}

/**
 * Every failed call shows its message in a toast (forms also put field errors beside fields).
 * Any successful change may add audit rows, so the audit pages are refreshed after each.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err) => toast.error(errorMessage(err)) }),
    mutationCache: new MutationCache({
      onError: notifyFailure,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ["audit"] }),
    }),
    defaultOptions: {
      queries: { staleTime: 10_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

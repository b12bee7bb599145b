import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from './toast.ts';
import { invalidateResources, type Resource } from './resources.ts';

/**
 * A save or delete as every back-office screen does it (SPEC §7, §8): a loading toast, then the server's
 * message as a success toast and what shows the changed resources fetched again, or the server's message
 * (else the screen's fallback) as an error toast with the loading toast dismissed and the error logged.
 */
export function useSaveMutation<V, R extends { message: string }>(opts: {
  mutationFn: (vars: V) => Promise<R>;
  /** The resources this call changes (lib/resources.ts). */
  changes: readonly Resource[];
  fallback?: string;
  onSuccess?: (result: R, vars: V) => void;
  /** An error the screen answers itself (a warning to confirm): return true and no toast is shown. */
  handleError?: (error: unknown) => boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const id = toast.loading('Please wait...');
      try {
        return await opts.mutationFn(vars);
      } finally {
        toast.dismiss(id);
      }
    },
    onSuccess: async (result, vars) => {
      toast.success(result.message);
      await invalidateResources(queryClient, opts.changes);
      opts.onSuccess?.(result, vars);
    },
    onError: (error) => {
      if (opts.handleError?.(error)) return;
      console.error(error);
      toast.fromError(error, opts.fallback ?? 'Something went wrong!');
    },
  });
}

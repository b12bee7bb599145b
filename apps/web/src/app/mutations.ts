import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { modals } from '@mantine/modals';
import { createElement } from 'react';
import i18n from './i18n.ts';
import { toast } from './toast.ts';

/**
 * A save or delete as every back-office screen does it (SPEC §7, §8): a loading toast, then the server's
 * message as a success toast and the affected lists fetched again, or the server's message (else the
 * screen's fallback) as an error toast with the loading toast dismissed and the error logged.
 */
export function useSaveMutation<V, R extends { message: string }>(opts: {
  mutationFn: (vars: V) => Promise<R>;
  invalidate: QueryKey[];
  fallback?: string;
  onSuccess?: (result: R, vars: V) => void;
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
      await Promise.all(opts.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      opts.onSuccess?.(result, vars);
    },
    onError: (error) => {
      console.error(error);
      toast.fromError(error, opts.fallback ?? 'Something went wrong!');
    },
  });
}

/**
 * Asks 'Are you sure! This process is irreversible!' before a destructive action (SPEC §5); `detail`
 * says what else it changes (the items a deleted category leaves without one).
 */
export function confirmIrreversible(onConfirm: () => void, title?: string, detail?: string) {
  modals.openConfirmModal({
    title: title ?? i18n.t('confirm.title'),
    children: detail
      ? createElement(
          'div',
          null,
          createElement(
            'p',
            { style: { fontWeight: 600, marginTop: 0 }, 'data-testid': 'confirm-detail' },
            detail,
          ),
          createElement(
            'p',
            { style: { marginBottom: 0 } },
            i18n.t('Are you sure! This process is irreversible!'),
          ),
        )
      : i18n.t('Are you sure! This process is irreversible!'),
    labels: { confirm: i18n.t('confirm.yes'), cancel: i18n.t('confirm.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

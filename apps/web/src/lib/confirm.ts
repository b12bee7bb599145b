import { modals } from '@mantine/modals';
import { createElement } from 'react';
import i18n from './i18n.ts';

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

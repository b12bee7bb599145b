import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog's buttons (Cancel, then the primary action last), kept in view at the bottom while a long
 * dialog scrolls: on a 768-px tablet a bill with a discount, a tip and a few parts is taller than the
 * screen, and the cashier must not have to scroll to find Pay.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <Group
      data-testid="dialog-actions"
      justify="flex-end"
      py="xs"
      style={{ position: 'sticky', bottom: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}
    >
      {children}
    </Group>
  );
}

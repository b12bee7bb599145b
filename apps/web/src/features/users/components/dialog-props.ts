import type { ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** How this screen's dialogs look: rounded, a bold title, the whole screen on a phone. */
export function useDialogProps(): Partial<ModalProps> {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return {
    radius: phone ? 0 : 'lg',
    fullScreen: phone,
    padding: 'lg',
    styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
  };
}

import type { ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * How this screen's dialogs look: rounded with a bold title; a long form takes the whole screen of a
 * phone, a short one stays a centred card.
 */
export function useDialogProps(long = false): Partial<ModalProps> {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const fullScreen = long && phone;
  return {
    radius: fullScreen ? 0 : 'lg',
    fullScreen,
    padding: 'lg',
    styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
  };
}

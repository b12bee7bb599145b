import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';
import { ApiError } from './api-client.ts';

// SPEC §9: error 4000 ms, success 2000 ms, blank 4000 ms, loading until dismissed.
export const TOAST_LIMIT = 20;

const t = (text: string) => i18n.t(text);

export const toast = {
  success(message: string) {
    notifications.show({ message: t(message), color: 'teal', autoClose: 2000 });
  },
  error(message: string) {
    notifications.show({ message: t(message), color: 'red', autoClose: 4000 });
  },
  blank(message: string) {
    notifications.show({ message: t(message), autoClose: 4000 });
  },
  /** Shows a spinner toast until `dismiss` is called with the returned id. */
  loading(message: string): string {
    return notifications.show({
      message: t(message),
      loading: true,
      autoClose: false,
      withCloseButton: false,
    });
  },
  dismiss(id: string) {
    notifications.hide(id);
  },
  /** The server's message where it sent one, otherwise the screen's fallback (SPEC §8). */
  fromError(error: unknown, fallback: string) {
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
    notifications.show({ message: t(message), color: 'red', autoClose: 4000 });
  },
};

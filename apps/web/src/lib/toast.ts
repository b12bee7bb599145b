import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';
import { type ErrorCode, isErrorCode } from '@comanda/core';
import type englishErrors from '../locales/en/errors.json';
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
  /**
   * A spinner toast only if the call is still out after `afterMs` (issue 32): a POS tap answers with its
   * button's own spinner at once, and an answer that comes in time shows no "Please wait..." flashing by
   * (the toast cost the tap a render of the toast stack). Call the returned function when done.
   */
  loadingIfSlow(message: string, afterMs = 500): () => void {
    let id: string | undefined;
    const timer = setTimeout(() => (id = toast.loading(message)), afterMs);
    return () => {
      clearTimeout(timer);
      if (id) toast.dismiss(id);
    };
  },
  /** The server's error in the user's language, otherwise the screen's fallback (SPEC §8). */
  fromError(error: unknown, fallback: string) {
    notifications.show({ message: errorText(error, fallback), color: 'red', autoClose: 4000 });
  },
};

/**
 * What to tell the user about a failed call: the `errors` catalogue's text for the server's code, with
 * its parameters; a form field's own message (`validation`) or an unknown code as the server said it;
 * the screen's fallback when the server said nothing.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return t(fallback);
  if (isErrorCode(error.code) && error.code !== 'validation')
    return i18n.t(error.code, { ns: 'errors', ...error.params, defaultValue: error.serverMessage });
  return t(error.serverMessage ?? fallback);
}

// Fails to compile when a code of the catalogue has no English text, or the text names a code no
// longer in the catalogue.
const everyCodeInEnglish: [
  Exclude<ErrorCode, keyof typeof englishErrors>,
  Exclude<keyof typeof englishErrors, ErrorCode>,
] extends [never, never]
  ? true
  : never = true;
void everyCodeInEnglish;

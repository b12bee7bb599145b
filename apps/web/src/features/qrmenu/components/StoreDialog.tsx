import type { QrMenu } from '@comanda/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { t } from '../texts.ts';
import styles from '../qrmenu.module.css';
import { Dialog } from './Dialog.tsx';
import { useToast } from './Toast.tsx';

/** Copies text; on a page without the Clipboard API (plain http on the LAN) through a hidden field. */
async function copyText(text: string) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  document.execCommand('copy');
  field.remove();
}

/**
 * The store's details and its menu link (SPEC §2: share or copy). Share uses the phone's share sheet
 * where there is one and copies the link elsewhere ('Menu Link Copied!'); Copy always copies.
 */
export function StoreDialog({
  open,
  onClose,
  store,
  link,
}: {
  open: boolean;
  onClose: () => void;
  store: QrMenu['storeSettings'];
  link: string;
}) {
  // Said inside the dialog: a toast on the page would sit under the modal dialog's top layer.
  const { show: notify, toast } = useToast();
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: store.store_name, url: link });
      } catch {
        // The diner closed the share sheet: nothing to say.
      }
      return;
    }
    await copyText(link);
    notify(t('Menu Link Copied!'));
  };
  const copy = async () => {
    await copyText(link);
    notify(t('Copied to clipboard!'));
  };
  return (
    <Dialog open={open} onClose={onClose} title={store.store_name} testId="store-dialog">
      <dl className={styles.details}>
        {store.address && (
          <>
            <dt>{t('store.address')}</dt>
            <dd>{store.address}</dd>
          </>
        )}
        {store.phone && (
          <>
            <dt>{t('store.phone')}</dt>
            <dd>
              <a href={`tel:${store.phone}`}>{store.phone}</a>
            </dd>
          </>
        )}
        {store.email && (
          <>
            <dt>{t('store.email')}</dt>
            <dd>
              <a href={`mailto:${store.email}`}>{store.email}</a>
            </dd>
          </>
        )}
      </dl>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={() => void share()}>
          <IconShare size={20} aria-hidden />
          {t('store.share')}
        </button>
        <button type="button" className={styles.buttonOutline} onClick={() => void copy()}>
          <IconCopy size={20} aria-hidden />
          {t('store.copy')}
        </button>
      </div>
      {toast}
    </Dialog>
  );
}

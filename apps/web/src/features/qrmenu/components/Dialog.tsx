import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { t } from '../texts.ts';
import styles from '../qrmenu.module.css';

/**
 * A modal dialog on the browser's own <dialog>: showModal keeps focus inside, makes the page behind
 * inert, closes on Esc and gives focus back to the control that opened it, with no library.
 * A tap on the backdrop closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className={styles.dialogInner}>
          <div className={styles.dialogHeader}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('close')}>
              <IconX size={22} aria-hidden />
            </button>
          </div>
          <div className={styles.dialogBody}>{children}</div>
          {footer && <div className={styles.dialogFooter}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

import { type PlaceQrOrderInput, QR_GUEST_NAME, placeQrOrderSchema } from '@comanda/core';
import { useState } from 'react';
import { newUuid } from '../../../lib/uuid.ts';
import { t } from '../texts.ts';
import styles from '../qrmenu.module.css';
import { Dialog } from './Dialog.tsx';

// Loaded when the diner taps Checkout: the shared zod schema that validates the form (the same one the
// server validates with) stays out of the menu's and the cart's first download.

const ATTEMPT_KEY = 'comanda.qr-order-attempt';

/**
 * The Idempotency-Key of this order: one per checkout attempt, the same again when the same order is
 * sent again (a retry after a lost answer, a second tap), a new one when the cart or the diner changed.
 */
function idempotencyKeyFor(body: PlaceQrOrderInput): string {
  const fingerprint = JSON.stringify(body);
  try {
    const stored = JSON.parse(sessionStorage.getItem(ATTEMPT_KEY) ?? 'null') as {
      fingerprint: string;
      key: string;
    } | null;
    if (stored?.fingerprint === fingerprint) return stored.key;
    const key = newUuid();
    sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ fingerprint, key }));
    return key;
  } catch {
    return newUuid();
  }
}

/** Forgets the attempt once its order is placed: the next order is a new one. */
export function forgetAttempt() {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

type Mode = 'guest' | 'phone';

/**
 * 'Continue as' (SPEC §2 Cart page, §5): Guest, or Using Phone Number with name and phone required;
 * then Place Order. `send` places the order with its key and goes to the outcome page.
 */
export function CheckoutDialog({
  open,
  onClose,
  order,
  send,
}: {
  open: boolean;
  onClose: () => void;
  order: Pick<PlaceQrOrderInput, 'cartItems' | 'tableId' | 'deliveryType'>;
  send: (body: PlaceQrOrderInput, idempotencyKey: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('guest');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const [placing, setPlacing] = useState(false);

  const submit = async () => {
    const body: PlaceQrOrderInput =
      mode === 'guest'
        ? { ...order, customerType: 'WALKIN', customer: { name: QR_GUEST_NAME, phone: '' } }
        : { ...order, customerType: 'CUSTOMER', customer: { name: name.trim(), phone: phone.trim() } };
    const checked = placeQrOrderSchema.safeParse(body);
    if (!checked.success) {
      const found: { name?: string; phone?: string } = {};
      for (const issue of checked.error.issues) {
        if (issue.path[1] === 'name') found.name ??= issue.message;
        else if (issue.path[1] === 'phone') found.phone ??= issue.message;
      }
      setErrors(found);
      if (found.name || found.phone) {
        document.getElementById(found.name ? 'checkout-name' : 'checkout-phone')?.focus();
        return;
      }
    }
    setErrors({});
    setPlacing(true);
    try {
      await send(body, idempotencyKeyFor(body));
    } finally {
      setPlacing(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('continueAs')}
      testId="checkout-dialog"
      footer={
        <button
          type="submit"
          form="checkout-form"
          className={`${styles.button} ${styles.block}`}
          disabled={placing}
          aria-disabled={placing}
        >
          {placing ? t('placing') : t('placeOrder')}
        </button>
      }
    >
      <form
        id="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!placing) void submit();
        }}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>{t('continueAs')}</legend>
          {(['guest', 'phone'] as const).map((m) => (
            <label key={m} className={styles.option}>
              <input type="radio" name="continue-as" checked={mode === m} onChange={() => setMode(m)} />
              <span className={styles.optionTitle}>
                {m === 'guest' ? t('continueAs.guest') : t('continueAs.phone')}
              </span>
            </label>
          ))}
        </fieldset>
        {mode === 'phone' && (
          <>
            <div className={styles.field}>
              <label htmlFor="checkout-name">{t('checkout.name')}</label>
              <input
                id="checkout-name"
                className={styles.input}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                autoComplete="name"
                required
                maxLength={100}
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? 'checkout-name-error' : undefined}
              />
              {errors.name && (
                <p id="checkout-name-error" className={styles.error}>
                  {t(errors.name)}
                </p>
              )}
            </div>
            <div className={styles.field}>
              <label htmlFor="checkout-phone">{t('checkout.phone')}</label>
              <input
                id="checkout-phone"
                className={styles.input}
                type="tel"
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                autoComplete="tel"
                inputMode="tel"
                required
                maxLength={20}
                aria-invalid={!!errors.phone}
                aria-describedby={errors.phone ? 'checkout-phone-error' : undefined}
              />
              {errors.phone && (
                <p id="checkout-phone-error" className={styles.error}>
                  {t(errors.phone)}
                </p>
              )}
            </div>
          </>
        )}
      </form>
    </Dialog>
  );
}

import { type PlaceQrOrderInput, type QrMenu, formatMoney } from '@comanda/core';
import { IconArrowLeft, IconMinus, IconNotes, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { placeOrder } from './api.ts';
import {
  type QrCartLine,
  changeQuantity,
  emptyCart,
  orderLines,
  reprice,
  totalsOf,
  useCart,
} from './cart.ts';
import { Dialog } from './components/Dialog.tsx';
import { Outcome, Waiting } from './components/Outcome.tsx';
import { Link, navigate } from './navigation.ts';
import { t } from './texts.ts';
import { useMenu } from './use-menu.ts';
import styles from './qrmenu.module.css';

const checkout = () => import('./components/CheckoutDialog.tsx');
const CheckoutDialog = lazy(() => checkout().then((m) => ({ default: m.CheckoutDialog })));

/** /m/{qrcode}/cart (SPEC §2 Cart page): the diner's lines, the order summary, and checkout. */
export function CartPage({ qrcode, table }: { qrcode: string; table: string | null }) {
  const { cart } = useCart(qrcode, table);
  const state = useMenu(qrcode, table ?? cart.table);
  if (state.status === 'loading') return <Waiting />;
  if (state.status === 'notAvailable')
    return <Outcome title={t('Menu Not Available!')} text={t('notAvailable.text')} />;
  if (state.status === 'error')
    return (
      <Outcome title={t('Menu Not Available!')} text={t('loadError')}>
        <button type="button" className={styles.button} onClick={state.retry}>
          {t('retry')}
        </button>
      </Outcome>
    );
  return <Cart menu={state.menu} qrcode={qrcode} table={table} />;
}

function Cart({ menu, qrcode, table }: { menu: QrMenu; qrcode: string; table: string | null }) {
  const store = menu.storeSettings;
  const { code: currency, digits } = store.currency;
  const tableId = menu.storeTable?.encrypted_id ?? null;
  const { cart, update } = useCart(qrcode, tableId ?? table);
  const [notesFor, setNotesFor] = useState<QrCartLine | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [checkoutLoaded, setCheckoutLoaded] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency);

  useEffect(() => {
    document.title = `${t('cart.title')} · ${store.store_name}`;
  }, [store.store_name]);

  // Prices and names follow the menu as it is now; lines whose item left the menu are taken out, and
  // the page says so once.
  const [dropped] = useState(() => reprice(cart.lines, menu).dropped);
  useEffect(() => update((lines) => reprice(lines, menu).lines), [menu, update]);

  const totals = totalsOf(cart.lines);
  const menuLink = paths.qrMenu.menu.to(qrcode, tableId ?? cart.table);
  const ordering = store.is_qr_order_enabled;

  const send = async (body: PlaceQrOrderInput, key: string) => {
    try {
      const placed = await placeOrder(qrcode, body, key);
      emptyCart();
      (await checkout()).forgetAttempt();
      navigate(paths.qrMenu.orderSuccess.to(placed.statusToken), { replace: true });
    } catch {
      // SPEC §4: any failure goes to the failed page; the server's message is not shown.
      navigate(paths.qrMenu.orderFailed);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <Link to={menuLink} className={styles.iconButton} aria-label={t('cart.back')}>
          <IconArrowLeft size={22} aria-hidden />
        </Link>
        <div>
          <h1>{t('cart.title')}</h1>
          <p className={styles.meta}>
            {store.store_name}
            {menu.storeTable &&
              ` · ${
                menu.storeTable.floor
                  ? t('tableFloor', { table: menu.storeTable.table_title, floor: menu.storeTable.floor })
                  : t('table', { table: menu.storeTable.table_title })
              }`}
          </p>
        </div>
      </header>
      <main>
        {dropped && (
          <p className={styles.notice} role="status">
            {t('cart.gone')}
          </p>
        )}
        {cart.lines.length === 0 ? (
          <div className={styles.outcome}>
            <p>{t('Your cart is empty.')}</p>
            <Link to={menuLink} className={styles.button}>
              {t('cart.browse')}
            </Link>
          </div>
        ) : (
          <>
            <ul className={styles.lines} data-testid="cart-lines">
              {cart.lines.map((line) => (
                <li key={line.key} className={styles.line} data-testid="cart-line">
                  {line.thumb ? (
                    <img
                      className={styles.thumb}
                      src={line.thumb}
                      alt=""
                      width={64}
                      height={64}
                      decoding="async"
                    />
                  ) : (
                    <div className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden>
                      <IconPhoto size={24} />
                    </div>
                  )}
                  <div>
                    <h2 className={styles.lineTitle}>{line.title}</h2>
                    {line.variant && <p className={styles.meta}>{line.variant}</p>}
                    {line.addons.length > 0 && (
                      <p className={styles.meta}>
                        {t('cart.addonsCount', { count: line.addons.length, names: line.addons.join(', ') })}
                      </p>
                    )}
                    {line.notes && <p className={styles.meta}>{line.notes}</p>}
                    <p className={styles.price}>{money(line.unitMinor * line.quantity)}</p>
                  </div>
                  <div className={styles.lineControls}>
                    <div className={styles.stepper}>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={t('cart.decrease', { title: line.title })}
                        onClick={() => update((lines) => changeQuantity(lines, line.key, -1))}
                      >
                        <IconMinus size={20} aria-hidden />
                      </button>
                      <span className={styles.qty}>
                        <span className={styles.visuallyHidden}>{t('cart.quantity')} </span>
                        {line.quantity}
                      </span>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={t('cart.increase', { title: line.title })}
                        onClick={() => update((lines) => changeQuantity(lines, line.key, 1))}
                      >
                        <IconPlus size={20} aria-hidden />
                      </button>
                    </div>
                    <div className={styles.row}>
                      <button
                        type="button"
                        className={styles.buttonGhost}
                        onClick={() => setNotesFor(line)}
                        aria-label={t('cart.editNotes', { title: line.title })}
                        aria-haspopup="dialog"
                      >
                        <IconNotes size={20} aria-hidden />
                        {t('cart.notes')}
                      </button>
                      <button
                        type="button"
                        className={styles.iconButton}
                        aria-label={t('cart.remove', { title: line.title })}
                        onClick={() => update((lines) => lines.filter((l) => l.key !== line.key))}
                      >
                        <IconTrash size={20} aria-hidden />
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <section className={styles.summary} aria-labelledby="summary-title" data-testid="summary">
              <h2 id="summary-title">{t('summary.title')}</h2>
              <dl>
                <dt>{t('summary.items')}</dt>
                <dd data-testid="items-total">{money(totals.itemsTotal)}</dd>
                <dt>{t('summary.tax')}</dt>
                <dd data-testid="tax-total">{money(totals.taxTotal)}</dd>
                <dt className={styles.payable}>{t('summary.payable')}</dt>
                <dd className={styles.payable} data-testid="payable-total">
                  {money(totals.payableTotal)}
                </dd>
              </dl>
            </section>
            {ordering && (
              <div className={styles.bar}>
                <div className={styles.barInner}>
                  <span className={styles.barCount}>{money(totals.payableTotal)}</span>
                  <button
                    type="button"
                    className={styles.button}
                    aria-haspopup="dialog"
                    onMouseEnter={() => void checkout()}
                    onClick={() => {
                      setCheckoutLoaded(true);
                      setCheckoutOpen(true);
                    }}
                  >
                    {t('checkout')}
                  </button>
                </div>
              </div>
            )}
          </>
        )}
      </main>
      <NotesDialog
        line={notesFor}
        onClose={() => setNotesFor(null)}
        onSave={(notes) => {
          const key = notesFor?.key;
          update((lines) => lines.map((l) => (l.key === key ? { ...l, notes } : l)));
          setNotesFor(null);
        }}
      />
      {checkoutLoaded && (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={checkoutOpen}
            onClose={() => setCheckoutOpen(false)}
            order={{
              cartItems: orderLines(cart.lines, digits),
              tableId: tableId ?? cart.table,
              deliveryType: tableId ? 'dinein' : 'takeaway',
            }}
            send={send}
          />
        </Suspense>
      )}
    </div>
  );
}

function NotesDialog({
  line,
  onClose,
  onSave,
}: {
  line: QrCartLine | null;
  onClose: () => void;
  onSave: (notes: string) => void;
}) {
  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      title={line ? t('cart.editNotes', { title: line.title }) : ''}
      testId="notes-dialog"
    >
      {line && <NotesForm key={line.key} initial={line.notes} onSave={onSave} />}
    </Dialog>
  );
}

function NotesForm({ initial, onSave }: { initial: string; onSave: (notes: string) => void }) {
  const [notes, setNotes] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(notes.trim());
      }}
    >
      <div className={styles.field}>
        <label htmlFor="line-notes">{t('cart.notesLabel')}</label>
        <textarea
          id="line-notes"
          className={styles.textarea}
          value={notes}
          maxLength={100}
          onChange={(event) => setNotes(event.currentTarget.value)}
          aria-describedby="line-notes-hint"
        />
        <p id="line-notes-hint" className={styles.hint}>
          {t('cart.notesHint')}
        </p>
      </div>
      <div className={styles.field}>
        <button type="submit" className={`${styles.button} ${styles.block}`}>
          {t('cart.saveNotes')}
        </button>
      </div>
    </form>
  );
}

import { type QrMenu, type QrMenuItem, formatMoney } from '@comanda/core';
import { IconInfoCircle, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { addLine, hasOptions, itemCount, lineFor, minor, useCart } from './cart.ts';
import { type ItemChoice, ItemDialog } from './components/ItemDialog.tsx';
import { Outcome, Waiting } from './components/Outcome.tsx';
import { StoreDialog } from './components/StoreDialog.tsx';
import { Link } from './navigation.ts';
import { t } from './texts.ts';
import { useMenu } from './use-menu.ts';
import styles from './qrmenu.module.css';

/** /m/{qrcode}?table= (SPEC §2 Public QR menu): the store's menu for diners, and ordering when it is on. */
export function MenuPage({ qrcode, table }: { qrcode: string; table: string | null }) {
  const state = useMenu(qrcode, table);
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
  return <Menu menu={state.menu} qrcode={qrcode} table={table} />;
}

/** Whether the menu's prices include taxes, exclude them, or both (SPEC §2: a note says so). */
function taxNote(items: readonly QrMenuItem[]): string {
  const inclusive = items.some((i) => i.tax_type === 'inclusive');
  const exclusive = items.some((i) => i.tax_type === 'exclusive');
  if (inclusive && exclusive) return t('tax.mixed');
  return exclusive ? t('tax.exclusive') : t('tax.inclusive');
}

function Menu({ menu, qrcode, table }: { menu: QrMenu; qrcode: string; table: string | null }) {
  const store = menu.storeSettings;
  const { code: currency, digits } = store.currency;
  const ordering = store.is_qr_order_enabled;
  const { cart, update } = useCart(qrcode, menu.storeTable?.encrypted_id ?? table);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim().toLowerCase());
  const [category, setCategory] = useState<number | null>(null);
  const [open, setOpen] = useState<QrMenuItem | null>(null);
  const [storeOpen, setStoreOpen] = useState(false);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    document.title = `${store.store_name} · Menu`;
  }, [store.store_name]);

  const shown = useMemo(
    () =>
      menu.menuItems.filter(
        (i) =>
          (category === null || i.category_id === category) &&
          (!search || i.title.toLowerCase().includes(search)),
      ),
    [menu.menuItems, category, search],
  );
  const count = itemCount(cart.lines);
  const tableId = menu.storeTable?.encrypted_id ?? null;
  const link = `${window.location.origin}${paths.qrMenu.menu.to(qrcode)}`;

  const add = (
    item: QrMenuItem,
    choice: ItemChoice = { variantId: item.variants[0]?.id ?? null, addonIds: [] },
  ) => {
    update((lines) => addLine(lines, lineFor(item, digits, choice)));
    setOpen(null);
    setAnnounce(t('added', { title: item.title }));
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <h1 className={styles.storeName}>{store.store_name}</h1>
          {(store.address || store.phone) && (
            <p className={styles.contact}>{[store.address, store.phone].filter(Boolean).join(' · ')}</p>
          )}
          {menu.storeTable && (
            <p className={styles.tableBadge}>
              {menu.storeTable.floor
                ? t('tableFloor', { table: menu.storeTable.table_title, floor: menu.storeTable.floor })
                : t('table', { table: menu.storeTable.table_title })}
            </p>
          )}
        </div>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setStoreOpen(true)}
          aria-label={t('store.details')}
          aria-haspopup="dialog"
        >
          <IconInfoCircle size={24} aria-hidden />
        </button>
      </header>
      <main>
        <div className={styles.search} role="search">
          <label htmlFor="menu-search" className={styles.visuallyHidden}>
            {t('search.label')}
          </label>
          <IconSearch size={20} aria-hidden />
          <input
            id="menu-search"
            className={styles.searchInput}
            type="search"
            value={query}
            placeholder={t('search.placeholder')}
            onChange={(event) => setQuery(event.currentTarget.value)}
            autoComplete="off"
          />
        </div>
        {menu.categories.length > 0 && (
          <nav aria-label={t('categories')}>
            <ul className={styles.chips}>
              {[{ id: null, title: t('category.all') }, ...menu.categories].map((c) => (
                <li key={c.id ?? 'all'}>
                  <button
                    type="button"
                    className={styles.chip}
                    aria-pressed={category === c.id}
                    onClick={() => setCategory(c.id)}
                  >
                    {c.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p className={styles.taxNote}>{taxNote(menu.menuItems)}</p>
        {shown.length === 0 ? (
          <p className={styles.empty}>{t('noItems')}</p>
        ) : (
          <ul className={styles.items} data-testid="menu-items">
            {shown.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                price={formatMoney(minor(item.price, digits), currency)}
                ordering={ordering}
                onOpen={() => setOpen(item)}
                onAdd={() => (hasOptions(item) ? setOpen(item) : add(item))}
              />
            ))}
          </ul>
        )}
      </main>
      <div className={styles.visuallyHidden} role="status" aria-live="polite">
        {announce}
      </div>
      {ordering && count > 0 && (
        <div className={styles.bar} data-testid="cart-bar">
          <div className={styles.barInner}>
            <span className={styles.barCount}>{t('bar.items', { count })}</span>
            <Link className={styles.button} to={paths.qrMenu.cart.to(qrcode, tableId ?? cart.table)}>
              {t('bar.viewCart')}
            </Link>
          </div>
        </div>
      )}
      <ItemDialog
        item={open}
        currency={currency}
        digits={digits}
        onClose={() => setOpen(null)}
        onAdd={ordering ? add : undefined}
      />
      <StoreDialog open={storeOpen} onClose={() => setStoreOpen(false)} store={store} link={link} />
    </div>
  );
}

function ItemCard({
  item,
  price,
  ordering,
  onOpen,
  onAdd,
}: {
  item: QrMenuItem;
  price: string;
  ordering: boolean;
  onOpen: () => void;
  onAdd: () => void;
}) {
  const options = hasOptions(item);
  const counts = [
    item.variants.length > 0 ? t('variants', { count: item.variants.length }) : null,
    item.addons.length > 0 ? t('addons', { count: item.addons.length }) : null,
  ].filter(Boolean);
  return (
    <li className={styles.card} data-testid="menu-item">
      {/* Sized before it arrives and fetched only near the screen: the text is readable at once. */}
      {item.thumb ? (
        <img
          className={styles.thumb}
          src={item.thumb}
          alt=""
          width={88}
          height={88}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden>
          <IconPhoto size={28} />
        </div>
      )}
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <button type="button" onClick={onOpen} aria-haspopup="dialog">
            {item.title}
          </button>
        </h2>
        {item.category_title && <p className={styles.meta}>{item.category_title}</p>}
        {counts.length > 0 && <p className={styles.meta}>{counts.join(' · ')}</p>}
        <p className={styles.price}>{price}</p>
      </div>
      {ordering && (
        <div className={styles.cardActions}>
          <button
            type="button"
            className={`${styles.buttonOutline} ${styles.addButton}`}
            onClick={onAdd}
            aria-label={t('addItem', { title: item.title })}
            aria-haspopup={options ? 'dialog' : undefined}
          >
            {t('add')}
          </button>
          {options && <span className={styles.customisable}>{t('customisable')}</span>}
        </div>
      )}
    </li>
  );
}

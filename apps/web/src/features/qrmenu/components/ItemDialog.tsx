import { type QrMenuItem, formatMoney, unitPrice } from '@comanda/core';
import { useState } from 'react';
import { minor } from '../cart.ts';
import { t } from '../texts.ts';
import styles from '../qrmenu.module.css';
import { Dialog } from './Dialog.tsx';

export interface ItemChoice {
  variantId: number | null;
  addonIds: number[];
}

/**
 * An item's dialog. Ordering on: variant radios (the first preselected), addon checkboxes, the price of
 * the choice and ADD TO CART. Ordering off (`onAdd` absent): the same facts, read only.
 */
export function ItemDialog({
  item,
  currency,
  digits,
  onClose,
  onAdd,
}: {
  item: QrMenuItem | null;
  currency: string;
  digits: number;
  onClose: () => void;
  onAdd?: (item: QrMenuItem, choice: ItemChoice) => void;
}) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item?.title ?? ''} testId="item-dialog">
      {item && <ItemDetails key={item.id} item={item} currency={currency} digits={digits} onAdd={onAdd} />}
    </Dialog>
  );
}

function ItemDetails({
  item,
  currency,
  digits,
  onAdd,
}: {
  item: QrMenuItem;
  currency: string;
  digits: number;
  onAdd?: (item: QrMenuItem, choice: ItemChoice) => void;
}) {
  const [variantId, setVariantId] = useState<number | null>(item.variants[0]?.id ?? null);
  const [addonIds, setAddonIds] = useState<number[]>([]);
  const money = (amount: number) => formatMoney(minor(amount, digits), currency);
  const variant = item.variants.find((v) => v.id === variantId);
  const total = unitPrice(
    minor(item.price, digits),
    variant ? minor(variant.price, digits) : null,
    item.addons.filter((a) => addonIds.includes(a.id)).map((a) => minor(a.price, digits)),
  );
  const picture = item.image ?? item.thumb;
  return (
    <>
      {picture && <img className={styles.dialogImage} src={picture} alt="" width={528} height={240} />}
      {item.category_title && <p className={styles.meta}>{item.category_title}</p>}
      <p className={styles.price}>{money(item.price)}</p>
      {onAdd ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAdd(item, { variantId, addonIds });
          }}
        >
          {item.variants.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>{t('dialog.variants')}</legend>
              {item.variants.map((v) => (
                <label key={v.id} className={styles.option}>
                  <input
                    type="radio"
                    name="variant"
                    value={v.id}
                    checked={variantId === v.id}
                    onChange={() => setVariantId(v.id)}
                  />
                  <span className={styles.optionTitle}>{v.title}</span>
                  <span>{money(v.price)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {item.addons.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>{t('dialog.addons')}</legend>
              {item.addons.map((a) => (
                <label key={a.id} className={styles.option}>
                  <input
                    type="checkbox"
                    name="addon"
                    value={a.id}
                    checked={addonIds.includes(a.id)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setAddonIds((ids) => (on ? [...ids, a.id] : ids.filter((id) => id !== a.id)));
                    }}
                  />
                  <span className={styles.optionTitle}>{a.title}</span>
                  <span>+{money(a.price)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className={styles.field}>
            <button type="submit" className={`${styles.button} ${styles.block}`}>
              {t('dialog.addToCart')} · {formatMoney(total, currency)}
            </button>
          </div>
        </form>
      ) : (
        <>
          {item.variants.length > 0 && (
            <section className={styles.fieldset} aria-label={t('variants', { count: item.variants.length })}>
              <h3 className={styles.meta}>{t('variants', { count: item.variants.length })}</h3>
              <ul className={styles.optionList}>
                {item.variants.map((v) => (
                  <li key={v.id}>
                    <span>{v.title}</span>
                    <span>{money(v.price)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {item.addons.length > 0 && (
            <section className={styles.fieldset} aria-label={t('addons', { count: item.addons.length })}>
              <h3 className={styles.meta}>{t('addons', { count: item.addons.length })}</h3>
              <ul className={styles.optionList}>
                {item.addons.map((a) => (
                  <li key={a.id}>
                    <span>{a.title}</span>
                    <span>+{money(a.price)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}

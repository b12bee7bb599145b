import { useEffect } from 'react';
import { paths } from '../../lib/paths.ts';
import { readCart } from './cart.ts';
import { Outcome } from './components/Outcome.tsx';
import { Link } from './navigation.ts';
import { t } from './texts.ts';
import styles from './qrmenu.module.css';

/** /m/order-failed (SPEC §4): the order was not placed; the cart is kept, one tap away. */
export function OrderFailedPage() {
  const cart = readCart();
  useEffect(() => {
    document.title = t('failed.title');
  }, []);
  return (
    <Outcome title={t('failed.title')} text={t('failed.text')}>
      {cart && (
        <div className={styles.row}>
          <Link to={paths.qrMenu.cart.to(cart.qrcode, cart.table)} className={styles.button}>
            {t('failed.backToCart')}
          </Link>
          <Link to={paths.qrMenu.menu.to(cart.qrcode, cart.table)} className={styles.buttonOutline}>
            {t('failed.backToMenu')}
          </Link>
        </div>
      )}
    </Outcome>
  );
}

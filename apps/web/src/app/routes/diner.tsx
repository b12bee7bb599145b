import { lazy, Suspense } from 'react';
import { MenuPage } from '../../features/qrmenu/MenuPage.tsx';
import { Outcome, Waiting } from '../../features/qrmenu/components/Outcome.tsx';
import { useAddress } from '../../features/qrmenu/navigation.ts';
import { t } from '../../features/qrmenu/texts.ts';
import { paths } from '../../lib/paths.ts';

// The menu comes with the first download; the cart and the outcome pages (the socket client among them)
// when the diner gets there.
const CartPage = lazy(() =>
  import('../../features/qrmenu/CartPage.tsx').then((m) => ({ default: m.CartPage })),
);
const OrderSuccessPage = lazy(() =>
  import('../../features/qrmenu/OrderSuccessPage.tsx').then((m) => ({ default: m.OrderSuccessPage })),
);
const OrderFailedPage = lazy(() =>
  import('../../features/qrmenu/OrderFailedPage.tsx').then((m) => ({ default: m.OrderFailedPage })),
);

const segment = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};

/**
 * The diners' pages (SPEC §2 Public QR menu): /m/{qrcode}, /m/{qrcode}/cart, /m/order-success and
 * /m/order-failed, matched here rather than by the back office's router, so the menu's first download
 * is React and these pages alone. Served by m.html (its own entry, src/diner.tsx), and by the main
 * router's /m/* route as a fallback.
 */
export function DinerRoutes() {
  const address = useAddress();
  const table = address.searchParams.get('table') || null;
  const parts = address.pathname.replace(/\/+$/, '').split('/').slice(2).map(segment);
  let page;
  if (address.pathname === paths.qrMenu.orderSuccess.route)
    page = <OrderSuccessPage statusToken={address.searchParams.get('order')} />;
  else if (address.pathname === paths.qrMenu.orderFailed) page = <OrderFailedPage />;
  else if (parts.length === 1 && parts[0]) page = <MenuPage key={parts[0]} qrcode={parts[0]} table={table} />;
  else if (parts.length === 2 && parts[0] && parts[1] === 'cart')
    page = <CartPage key={parts[0]} qrcode={parts[0]} table={table} />;
  else page = <Outcome title={t('Broken Link!')} text={t('brokenLink.text')} />;
  return <Suspense fallback={<Waiting />}>{page}</Suspense>;
}

import { useEffect, useState } from 'react';
import { onOutboxChange, syncedOrders } from './outbox.ts';

/** The server's token of an order taken on this device, once it has synced (null until then). */
export function useSyncedToken(uuid: string | null): number | null {
  const [token, setToken] = useState<{ uuid: string; tokenNo: number } | null>(null);
  useEffect(() => {
    if (!uuid) return;
    let live = true;
    const read = () =>
      void syncedOrders([uuid]).then((found) => {
        const order = found.get(uuid);
        if (live && order) setToken({ uuid, tokenNo: order.tokenNo });
      });
    const off = onOutboxChange(read);
    read();
    return () => {
      live = false;
      off();
    };
  }, [uuid]);
  return token && token.uuid === uuid ? token.tokenNo : null;
}

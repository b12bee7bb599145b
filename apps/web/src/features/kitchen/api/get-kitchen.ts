import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type KitchenOrder, type KitchenTicket, type KitchenTickets, kitchenAllDay } from '@comanda/core';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { OFFLINE_READ } from '../../../lib/offline/service-worker.ts';
import { serverOffset } from '../timer.ts';

/** GET /kitchen: the tickets still to make, the all-day counts and the timer thresholds. */
export const kitchenQueryKey = ['kitchen'] as const;

/** The board as the screen keeps it: with when its `now` came, which times every ticket on the server's clock. */
export type KitchenBoard = KitchenTickets & { receivedAt: number };

export const kitchenQueryOptions = () =>
  queryOptions({
    queryKey: kitchenQueryKey,
    queryFn: async (): Promise<KitchenBoard> => ({
      ...(await apiRequest<KitchenTickets>('/kitchen')),
      receivedAt: Date.now(),
    }),
    ...OFFLINE_READ,
  });

/** The board's order: oldest first, as GET /kitchen lists it. */
const before = (a: KitchenOrder, b: KitchenOrder) => a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * The board with one ticket replaced, added in its place, or taken off (`order: null`). Every other
 * ticket keeps its object, so its card does not render again.
 */
export function withTicket(board: KitchenBoard, orderId: number, ticket: KitchenTicket): KitchenBoard {
  const orders = board.orders.filter((o) => o.id !== orderId);
  if (ticket.order) {
    const at = orders.findIndex((o) => ticket.order && before(ticket.order, o));
    orders.splice(at === -1 ? orders.length : at, 0, ticket.order);
  }
  return {
    ...board,
    orders,
    allDay: kitchenAllDay(orders.flatMap((o) => o.items)),
    // The server's clock as the board knew it, unless it has drifted by a second: a new offset would
    // render every card again for nothing.
    ...(Math.abs(serverOffset(ticket.now, Date.now()) - serverOffset(board.now, board.receivedAt)) > 1000
      ? { now: ticket.now, receivedAt: Date.now() }
      : {}),
    lastBumped: ticket.lastBumped,
  };
}

// When the board was last changed in place here: any later update of the board is a whole new board.
let patchedAt = 0;

/** Changes the cached board in place (a ticket fetched, a step this screen took). */
export function patchBoard(queryClient: QueryClient, change: (board: KitchenBoard) => KitchenBoard) {
  queryClient.setQueryData<KitchenBoard>(kitchenQueryKey, (board) => (board ? change(board) : board));
  patchedAt = queryClient.getQueryState(kitchenQueryKey)?.dataUpdatedAt ?? 0;
}

// One fetch per order at a time; an event that comes while it runs fetches once more after it.
const fetching = new Set<number>();
const again = new Set<number>();

/**
 * An event named this order (new, a step, bumped, paid, moved, cancelled): the board fetches that one
 * ticket, GET /kitchen/orders/{id}, instead of every ticket (issue 32: a new order redrew a 90 KB board).
 * Nothing is fetched when no kitchen is on screen: a kitchen screen that opens fetches the whole board.
 */
export async function refreshKitchenTicket(queryClient: QueryClient, orderId: number): Promise<void> {
  const board = queryClient.getQueryCache().find({ queryKey: kitchenQueryKey, exact: true });
  if (!board) return;
  // No kitchen on screen (a POS tablet that opened it once): marked stale, fetched whole if it opens.
  if (!board.isActive()) return void queryClient.invalidateQueries({ queryKey: kitchenQueryKey });
  // The whole board on its way may have been read before this change: the ticket is fetched once it has
  // landed. (Invalidating instead restarted the 90 KB fetch at each event of a rush.)
  if (board.state.fetchStatus === 'fetching')
    await queryClient.refetchQueries({ queryKey: kitchenQueryKey, exact: true }, { cancelRefetch: false });
  if (!queryClient.getQueryData(kitchenQueryKey)) return;
  if (fetching.has(orderId)) {
    again.add(orderId);
    return;
  }
  fetching.add(orderId);
  try {
    do {
      again.delete(orderId);
      const asked = Date.now();
      const ticket = await apiRequest<KitchenTicket>(`/kitchen/orders/${orderId}`).catch((error: unknown) => {
        // Not this tenant's (any more): off the board.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      const { dataUpdatedAt = 0 } = queryClient.getQueryState(kitchenQueryKey) ?? {};
      // A whole board that came in after this was asked knows better.
      if (dataUpdatedAt > asked && dataUpdatedAt !== patchedAt) continue;
      // Off the board: the board's clock goes on as it was.
      patchBoard(queryClient, (board) =>
        withTicket(board, orderId, ticket ?? { order: null, lastBumped: board.lastBumped, now: board.now }),
      );
    } while (again.has(orderId));
  } catch {
    // No answer (the network dropped): the whole board, when it can be had.
    await queryClient.invalidateQueries({ queryKey: kitchenQueryKey });
  } finally {
    fetching.delete(orderId);
    again.delete(orderId);
  }
}

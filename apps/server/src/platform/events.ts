import type { DinerOrderStatus, TenantEvent } from '@comanda/core';

/**
 * What the realtime server does for the rest of the app. Tenant events reach it only through
 * `database.inTenant`'s emit, after commit (buildApp wires the two); until it is attached, or in a
 * process without sockets, announcements go nowhere.
 */
export interface Events {
  /** Sends committed events to every signed-in socket of one tenant. */
  toTenant(tenantId: number, events: TenantEvent[]): void;
  /**
   * Sends a diner's order status to the public room of its status token (issue 11), and nowhere else.
   * Called after commit by the QR menu's notifier (qrmenu.service `afterCommit`).
   */
  toDiner(statusToken: string, status: DinerOrderStatus): void;
  /** Tells a revoked device's sockets to sign out, then closes them. */
  deviceRevoked(tenantId: number, deviceId: number): void;
  /** A user's rights changed: their sockets are closed so they reconnect under the new session. */
  sessionChanged(tenantId: number, userId: number): void;
  /**
   * The tenant was (de)activated or deleted (issue 13): its sockets get `tenant_status`; on
   * `active: false` they are closed too, and the handshake refuses them until it is active again.
   * Called after commit by the super admin's tenants service.
   */
  tenantStatus(tenantId: number, active: boolean): void;
}

export function createEventHub(): Events & { attach(target: Events): void } {
  let target: Events | undefined;
  return {
    attach(t) {
      target = t;
    },
    toTenant: (tenantId, events) => target?.toTenant(tenantId, events),
    toDiner: (statusToken, status) => target?.toDiner(statusToken, status),
    deviceRevoked: (tenantId, deviceId) => target?.deviceRevoked(tenantId, deviceId),
    sessionChanged: (tenantId, userId) => target?.sessionChanged(tenantId, userId),
    tenantStatus: (tenantId, active) => target?.tenantStatus(tenantId, active),
  };
}

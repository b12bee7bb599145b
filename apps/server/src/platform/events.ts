/**
 * What services announce after their transaction commits. The realtime module implements it; until it
 * is attached (or in a process without sockets) announcements go nowhere.
 */
export interface Events {
  /** Sends an event to every signed-in socket of one tenant. */
  toTenant(tenantId: number, event: string, payload: unknown): void;
  /** Tells a revoked device's sockets to sign out, then closes them. */
  deviceRevoked(tenantId: number, deviceId: number): void;
  /** A user's rights changed: their sockets are closed so they reconnect under the new session. */
  sessionChanged(tenantId: number, userId: number): void;
}

export function createEventHub(): Events & { attach(target: Events): void } {
  let target: Events | undefined;
  return {
    attach(t) {
      target = t;
    },
    toTenant: (tenantId, event, payload) => target?.toTenant(tenantId, event, payload),
    deviceRevoked: (tenantId, deviceId) => target?.deviceRevoked(tenantId, deviceId),
    sessionChanged: (tenantId, userId) => target?.sessionChanged(tenantId, userId),
  };
}

import { Navigate, Outlet } from 'react-router';
import { canOpen, type Screen } from '@comanda/core';
import { isSigningOut, subjectOf, useSessionUser } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';
import { isStoreDevice } from '../lib/store-device.ts';

/**
 * Where a tenant page sends a visitor without a session: a store device to its PIN pad (a lock, an idle
 * end, docs/staff-pins.md); a session that just ended to sign-in; anyone else to /.
 */
export function signedOutPath(): string {
  if (isStoreDevice()) return paths.pin;
  return isSigningOut('tenant') ? paths.login : paths.landing;
}

/** Protected tenant screens: without the authentication cookie go to / (history replaced, SPEC §2 Guard). */
export function RequireTenant() {
  const user = useSessionUser('tenant');
  if (!user) return <Navigate to={signedOutPath()} replace />;
  return <Outlet />;
}

/** A screen that needs scopes: staff without one go to /no-access (SPEC §6). */
export function RequireScreen({ screen }: { screen: Screen }) {
  const user = useSessionUser('tenant');
  if (!user) return <Navigate to={signedOutPath()} replace />;
  if (!canOpen(subjectOf(user), screen)) return <Navigate to={paths.noAccess} replace />;
  return <Outlet />;
}

/** Super-admin screens: no cookie → /, signed in as someone else → /no-access. */
export function RequireSuperadmin() {
  const user = useSessionUser('superadmin');
  if (!user)
    return <Navigate to={isSigningOut('superadmin') ? paths.superadmin.login : paths.landing} replace />;
  if (user.role !== 'superadmin') return <Navigate to={paths.noAccess} replace />;
  return <Outlet />;
}

import { Navigate, Outlet } from 'react-router';
import { canOpen, homePathFor, parseScopes, type Screen, type SessionUser } from '@comanda/core';
import { isSigningOut, setSigningOut, useSessionUser } from '../lib/session.ts';
import { useEffect } from 'react';
import { paths } from './paths.ts';

/** The access subject of a stored user, for the shared rules of packages/core. */
export const subjectOf = (user: SessionUser) => ({ role: user.role, scopes: parseScopes(user.scope) });

/** Protected tenant screens: without the authentication cookie go to / (history replaced, SPEC §2 Guard). */
export function RequireTenant() {
  const user = useSessionUser('tenant');
  if (!user) return <Navigate to={isSigningOut('tenant') ? paths.login : paths.landing} replace />;
  return <Outlet />;
}

/** A screen that needs scopes: staff without one go to /no-access (SPEC §6). */
export function RequireScreen({ screen }: { screen: Screen }) {
  const user = useSessionUser('tenant');
  if (!user) return <Navigate to={isSigningOut('tenant') ? paths.login : paths.landing} replace />;
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

/** Sign-in pages: an already signed-in visitor goes to their home (SPEC §2 Login). */
export function useSignedInRedirect(aud: 'tenant' | 'superadmin'): string | null {
  const user = useSessionUser(aud);
  // Arriving here completes any ending session: a protected page visited later goes to / again.
  useEffect(() => setSigningOut(aud, false), [aud]);
  return user ? homePathFor(subjectOf(user)) : null;
}

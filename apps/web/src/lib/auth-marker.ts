/**
 * The server's readable marker cookies (the httpOnly token cookies are invisible to scripts). Its own
 * module, with nothing imported: the app's first module (lib/early-fetch.ts) reads it before the rest
 * of the app is evaluated.
 */
export type Audience = 'tenant' | 'superadmin';

export const MARKER: Record<Audience, string> = { tenant: 'comanda_auth', superadmin: 'comanda_sa_auth' };

/** Whether the authentication cookie exists (SPEC §4: that is what "signed in" means to the browser). */
export function hasAuthCookie(aud: Audience): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${MARKER[aud]}=`));
}

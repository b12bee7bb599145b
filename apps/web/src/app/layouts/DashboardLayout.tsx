import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { subjectOf } from '../../lib/session.ts';
import { entriesFor } from '../../lib/navigation.ts';
import { isSigningOut, useSessionUser } from '../../lib/session.ts';
import { RealtimeInvalidation, SocketProvider } from '../socket.tsx';
import { useSignOut } from '../../lib/sign-out.ts';
import { Shell } from './Shell.tsx';
import { UserMenu } from './UserMenu.tsx';
import { paths } from '../../lib/paths.ts';

/** The tenant back office frame (SPEC §2 Tenant dashboard Layout). */
export function DashboardLayout() {
  const user = useSessionUser('tenant');
  useTranslation('dashboard');
  const { signOut } = useSignOut('tenant');
  if (!user) return <Navigate to={isSigningOut('tenant') ? paths.login : paths.landing} replace />;

  const subject = subjectOf(user);
  const sidebar = entriesFor(subject, 'sidebar');
  const search = entriesFor(subject, 'search');

  return (
    <SocketProvider tenantId={user.tenant_id}>
      <RealtimeInvalidation />
      <Shell
        storageKey="comanda.sidebar"
        sections={[
          { title: 'section.offerings', entries: sidebar.filter((e) => e.section === 'offerings') },
          { title: 'section.backoffice', entries: sidebar.filter((e) => e.section === 'backoffice') },
        ]}
        searchEntries={search}
        header={
          <UserMenu
            user={user}
            links={search.filter((e) => e.section === 'account')}
            onLogout={() => void signOut()}
          />
        }
      />
    </SocketProvider>
  );
}

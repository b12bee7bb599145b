import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { apiRequest } from '../api-client.ts';
import { subjectOf } from '../guards.tsx';
import { entriesFor } from '../navigation.ts';
import { forgetSession, useSessionUser } from '../session.ts';
import { SocketProvider } from '../socket.tsx';
import { toast } from '../toast.ts';
import { Shell } from './Shell.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The tenant back office frame (SPEC §2 Tenant dashboard Layout). */
export function DashboardLayout() {
  const user = useSessionUser('tenant');
  const navigate = useNavigate();
  useTranslation('dashboard');
  if (!user) return <Navigate to="/" replace />;

  const subject = subjectOf(user);
  const sidebar = entriesFor(subject, 'sidebar');
  const search = entriesFor(subject, 'search');

  const logout = async () => {
    try {
      const res = await apiRequest<{ message: string }>('/auth/signout', { method: 'POST' });
      forgetSession('tenant');
      toast.success(res.message);
      void navigate('/login', { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong! Try later!');
    }
  };

  return (
    <SocketProvider tenantId={user.tenant_id}>
      <Shell
        storageKey="comanda.sidebar"
        sections={[
          { title: 'section.offerings', entries: sidebar.filter((e) => e.section === 'offerings') },
          { title: 'section.backoffice', entries: sidebar.filter((e) => e.section === 'backoffice') },
        ]}
        searchEntries={search}
        header={<UserMenu user={user} links={search.filter((e) => e.section === 'account')} onLogout={() => void logout()} />}
      />
    </SocketProvider>
  );
}

import { Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { listEntries } from '../../lib/offline/outbox.ts';
import { OfflineProvider } from '../../lib/offline/use-offline.tsx';
import { SyncBadge } from './SyncBadge.tsx';
import { ClockButton } from '../../features/timeclock/components/ClockButton.tsx';
import { StoreDeviceLock } from '../../features/staff-pins/StoreDeviceLock.tsx';
import { subjectOf } from '../../lib/session.ts';
import { entriesFor } from '../../lib/navigation.ts';
import { useSessionUser } from '../../lib/session.ts';
import { signedOutPath } from '../guards.tsx';
import { RealtimeInvalidation, SocketProvider } from '../socket.tsx';
import { useSignOut } from '../../lib/sign-out.ts';
import { Shell } from './Shell.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The tenant back office frame (SPEC §2 Tenant dashboard Layout). */
export function DashboardLayout() {
  const user = useSessionUser('tenant');
  const { t } = useTranslation('dashboard');
  const { signOut } = useSignOut('tenant');
  if (!user) return <Navigate to={signedOutPath()} replace />;

  // Signing out with calls still on the device asks first: they stay, but nothing sends them until
  // someone of this store signs in here again.
  const logout = async () => {
    const waiting = await listEntries(user.tenant_id ?? 0).catch(() => []);
    if (waiting.length === 0) return void signOut();
    modals.openConfirmModal({
      title: t('sync.signOutTitle'),
      children: t('sync.signOutText', { count: waiting.length }),
      labels: { confirm: t('sync.signOutAnyway'), cancel: t('sync.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOut(),
    });
  };

  const subject = subjectOf(user);
  const sidebar = entriesFor(subject, 'sidebar');
  const search = entriesFor(subject, 'search');

  return (
    <OfflineProvider tenantId={user.tenant_id ?? 0}>
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
            <Group gap="xs" wrap="nowrap">
              <StoreDeviceLock />
              <SyncBadge />
              <ClockButton />
              <UserMenu
                user={user}
                links={search.filter((e) => e.section === 'account')}
                onLogout={() => void logout()}
              />
            </Group>
          }
        />
      </SocketProvider>
    </OfflineProvider>
  );
}

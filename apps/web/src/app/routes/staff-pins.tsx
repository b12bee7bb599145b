import { DevicesPage } from '../../features/devices/DevicesPage.tsx';
import { StoreDevicesCard } from '../../features/staff-pins/StoreDevicesCard.tsx';
import { UserPinButton } from '../../features/staff-pins/UserPinButton.tsx';
import { UsersPage } from '../../features/users/UsersPage.tsx';
import { useSessionUser } from '../../lib/session.ts';

// The two screens the owner manages staff PINs from (docs/staff-pins.md), composed with staff-pins'
// parts: the owner only (the server allows only admins).

/** /dashboard/devices: My Devices, and for the owner the store devices. */
export function DevicesRoute() {
  const isOwner = useSessionUser('tenant')?.role === 'admin';
  return <DevicesPage storeDevices={isOwner ? <StoreDevicesCard /> : undefined} />;
}

/** /dashboard/users: the team, and for the owner a Set PIN on each staff card. */
export function UsersRoute() {
  const isOwner = useSessionUser('tenant')?.role === 'admin';
  return <UsersPage pinActionFor={isOwner ? (user) => <UserPinButton user={user} /> : undefined} />;
}

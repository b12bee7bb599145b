import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { parseScopes, type User } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/mutations.ts';
import { confirmIrreversible } from '../../lib/confirm.ts';
import { useSessionUser } from '../../lib/session.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usersQueryOptions } from './api/get-users.ts';
import { deleteUser } from './api/mutations.ts';
import { UserCard } from './components/UserCard.tsx';
import type { ReactNode } from 'react';
import { type UserDialog, UserDialogs } from './components/UserDialogs.tsx';

/** Admins first, then by name. */
const byRoleThenName = (a: User, b: User) =>
  Number(b.role === 'admin') - Number(a.role === 'admin') || a.name.localeCompare(b.name);

/** /dashboard/users: the team as cards; staff can be added, edited, given a new password or removed. */
export function UsersPage({ pinActionFor }: { pinActionFor?: (user: User) => ReactNode }) {
  const { t } = useTranslation('users');
  const me = useSessionUser('tenant');
  const users = useQuery(usersQueryOptions());
  const [dialog, setDialog] = useState<UserDialog>({ kind: 'add', opened: false, user: null });
  const remove = useSaveMutation({ mutationFn: deleteUser, changes: ['users'] });

  // Staff may only hand out scopes they hold themselves (the server checks it too).
  const grantable = useMemo(
    () => (!me || me.role === 'admin' ? ('all' as const) : new Set(parseScopes(me.scope))),
    [me],
  );
  const sorted = useMemo(() => (users.data ? [...users.data].sort(byRoleThenName) : []), [users.data]);

  const open = (kind: UserDialog['kind'], user: User | null = null) =>
    setDialog({ kind, opened: true, user });
  const close = () => setDialog((d) => ({ ...d, opened: false }));

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => open('add')}>
            {t('add.button')}
          </Button>
        }
      />
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <LoadError message="Error Loading details! Please try later!" />
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '620px': 2, '960px': 3, '1320px': 4 }} spacing="lg">
          {sorted.map((u) => (
            <UserCard
              key={u.username}
              user={u}
              isMe={u.username === me?.username}
              onEdit={() => open('update', u)}
              onReset={() => open('reset', u)}
              pinAction={pinActionFor?.(u)}
              onDelete={() =>
                confirmIrreversible(() => remove.mutate(u.username), t('delete.title', { name: u.name }))
              }
            />
          ))}
        </SimpleGrid>
      )}
      <UserDialogs dialog={dialog} grantable={grantable} onClose={close} />
    </Stack>
  );
}

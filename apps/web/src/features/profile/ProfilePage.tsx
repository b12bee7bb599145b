import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { profileSchema } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFillForm, zodValidate } from '../../lib/forms.ts';
import { storeUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { invalidateResources } from '../../lib/resources.ts';
import { useSessionUser } from '../../lib/session.ts';
import { profileQueryOptions } from './api/get-profile.ts';
import { saveProfile } from './api/mutations.ts';
import { PinCard } from './components/PinCard.tsx';
import { SubscriptionCard } from './components/SubscriptionCard.tsx';

/** /dashboard/profile: the user's name and designation (SPEC §2 Profile). */
export function ProfilePage() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const me = useQuery(profileQueryOptions());
  const user = useSessionUser('tenant');
  const isAdmin = user?.role === 'admin';
  const form = useForm({
    initialValues: { name: '', designation: '' },
    validate: zodValidate(profileSchema),
  });

  useFillForm(form, me.data, (u) => ({ name: u.name, designation: u.designation ?? '' }));

  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: (res) => {
      storeUser('tenant', res.user);
      toast.success(res.message);
      void invalidateResources(queryClient, ['profile']);
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });

  return (
    <Stack maw={640}>
      <PageHeader
        title={t('nav.profile')}
        description={t('profile.subtitle')}
        actions={
          <Button type="submit" form="profile-form" loading={save.isPending} disabled={!me.data}>
            {t('profile.save')}
          </Button>
        }
      />
      {me.isPending ? (
        <Loading />
      ) : me.isError ? (
        <LoadError message="Error loading details! Please try later!" />
      ) : (
        <Card withBorder radius="lg" padding="xl">
          <form id="profile-form" onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
            <Stack>
              <Group gap="xs">
                <Text c="dimmed" fz="sm">
                  {t('profile.username')}
                </Text>
                <Text fz="sm" fw={600}>
                  {me.data.username}
                </Text>
              </Group>
              <TextInput label={t('profile.name')} required {...form.getInputProps('name')} />
              <TextInput
                label={t('profile.designation')}
                placeholder={t('profile.designationPlaceholder')}
                {...form.getInputProps('designation')}
              />
            </Stack>
          </form>
        </Card>
      )}
      <PinCard />
      {/* SPEC §6: only admin sees the subscription card. */}
      {isAdmin && <SubscriptionCard />}
    </Stack>
  );
}

import { Badge, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setUserPinSchema, type User } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../lib/forms.ts';
import { toast } from '../../lib/toast.ts';
import { pinHoldersQueryOptions, setUserPin } from './api.ts';

/** The owner sets or removes a staff member's PIN from their card on Users (docs/staff-pins.md). */
export function UserPinButton({ user }: { user: User }) {
  const { t } = useTranslation('staffPins');
  const queryClient = useQueryClient();
  const holders = useQuery(pinHoldersQueryOptions());
  const [opened, setOpened] = useState(false);
  const form = useForm({ initialValues: { pin: '' }, validate: zodValidate(setUserPinSchema) });
  const save = useMutation({
    mutationFn: (pin: string | null) => setUserPin(user.username, { pin }),
    onSuccess: (res) => {
      toast.success(res.message);
      setOpened(false);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: pinHoldersQueryOptions().queryKey });
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });
  const hasPin = holders.data?.usernames.includes(user.username) ?? false;
  return (
    <>
      <Button variant="default" size="sm" px="md" onClick={() => setOpened(true)}>
        {t('users.setPin')}
      </Button>
      {hasPin && (
        <Badge color="teal" variant="light">
          {t('users.hasPin')}
        </Badge>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('users.setPinTitle', { name: user.name })}>
        <form onSubmit={form.onSubmit((v) => save.mutate(v.pin))} noValidate>
          <Stack>
            <Text fz="sm" c="dimmed">
              {t('users.setPinHint')}
            </Text>
            <PasswordInput
              label={t('users.newPin')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-autofocus
              {...form.getInputProps('pin')}
            />
            <Group justify="space-between">
              {hasPin ? (
                <Button variant="subtle" color="red" onClick={() => save.mutate(null)}>
                  {t('users.removePin')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={save.isPending}>
                {t('users.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

import { Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setPinSchema } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { toast } from '../../../lib/toast.ts';
import { pinQueryOptions, savePin } from '../api/pin.ts';

/**
 * Your PIN: what you type on a store device's PIN pad (docs/staff-pins.md) and, for a manager, on a
 * cashier's tablet to approve a discount (docs/discounts.md). Setting or removing it asks for the password.
 */
export function PinCard() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const state = useQuery(pinQueryOptions());
  const form = useForm({
    initialValues: { password: '', pin: '' },
    validate: zodValidate(setPinSchema),
  });
  const save = useMutation({
    mutationFn: (v: { password: string; pin: string | null }) => savePin(v),
    onSuccess: (res) => {
      toast.success(res.message);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: pinQueryOptions().queryKey });
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });
  const hasPin = state.data?.hasPin ?? false;
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="pin-card">
      <form id="pin-form" onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('profile.pin.title')}
            </Title>
            {state.data && (
              <Badge color={hasPin ? 'teal' : 'gray'} variant="light">
                {hasPin ? t('profile.pin.set') : t('profile.pin.notSet')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            {t('profile.pin.hint')}
          </Text>
          <PasswordInput
            label={t('profile.pin.new')}
            inputMode="numeric"
            // Not a password: the browser must not offer to store it over the account's password.
            autoComplete="one-time-code"
            maxLength={6}
            {...form.getInputProps('pin')}
          />
          <PasswordInput
            label={t('profile.pin.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            {hasPin && (
              <Button
                variant="subtle"
                color="red"
                loading={save.isPending && save.variables.pin === null}
                onClick={() => {
                  if (form.validateField('password').hasError) return;
                  save.mutate({ password: form.values.password, pin: null });
                }}
              >
                {t('profile.pin.remove')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending && save.variables.pin !== null}>
              {t('profile.pin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

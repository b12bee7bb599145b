import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A customer dialog's form with Cancel and Save. Its submit stops here: the dialog may be opened from
 * inside another form (the reservation dialog), and React carries a submit up through the portal.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  loading,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('customers');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        onSubmit(event);
      }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('dialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

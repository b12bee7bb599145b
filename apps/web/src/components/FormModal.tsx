import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The add and update dialogs of the back office: a title, the fields, Cancel and a submit button. */
export function FormModal(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  loading?: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered radius="lg">
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={props.onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={props.loading}>
              {props.submitLabel ?? t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

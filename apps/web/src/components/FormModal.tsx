import { Button, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions.tsx';

/**
 * The add and update dialogs of the back office: a title, the fields, Cancel and a submit button. Its
 * submit stops here: a dialog may open from inside another form (Add New Customer from the reservation
 * dialog), and React carries a submit up through the portal to the outer form.
 */
export function FormModal(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  loading?: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      radius="lg"
      {...(props.size ? { size: props.size } : {})}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          props.onSubmit(event);
        }}
      >
        <Stack gap="md">
          {props.children}
          <DialogActions>
            <Button variant="default" onClick={props.onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={props.loading}>
              {props.submitLabel ?? t('form.save')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

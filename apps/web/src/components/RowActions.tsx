import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmIrreversible } from '../lib/confirm.ts';

/** Edit and delete buttons of a list row; delete asks the irreversible-action question first. */
export function RowActions({
  onEdit,
  onDelete,
  deleteDetail,
}: {
  onEdit: () => void;
  onDelete: () => void;
  /** What else the delete changes, said in the confirmation. */
  deleteDetail?: string;
}) {
  const { t } = useTranslation('settings');
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('common.edit')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('common.edit')} onClick={onEdit}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('common.delete')}
          onClick={() => confirmIrreversible(onDelete, undefined, deleteDetail)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { NAME_TAG_MAX, type StoreTable } from '@comanda/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asked when a dine-in ticket is sent or paid without a table (issue 31): a dine-in order with no table
 * was filed under Dine Out and its ticket said only "Dine-in", so the food had nowhere to go. One tap on
 * a table answers and the send goes on; when the owner allows name tags (Settings), a name ("Anna, by
 * the window") answers too. Switching to Takeaway is the other way out, on the ticket itself.
 */
export const AskTableDialog = memo(function AskTableDialog({
  tables,
  allowNameTags,
  onClose,
  onTable,
  onNameTag,
}: {
  tables: readonly StoreTable[];
  allowNameTags: boolean;
  onClose: () => void;
  onTable: (id: number) => void;
  onNameTag: (tag: string) => void;
}) {
  const { t } = useTranslation('posTicket');
  const [tag, setTag] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('ask.title')} centered size="lg" data-testid="ask-table">
      <Stack gap="md">
        <Text c="dimmed">{allowNameTags ? t('ask.textTag') : t('ask.text')}</Text>
        {tables.length === 0 ? (
          <Text>{t('ask.noTables')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
            {tables.map((tb) => (
              <Button key={tb.id} variant="default" h={56} onClick={() => onTable(tb.id)}>
                {tb.table_title}
              </Button>
            ))}
          </SimpleGrid>
        )}
        {allowNameTags && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (tag.trim()) onNameTag(tag.trim());
            }}
          >
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={t('ask.nameTag')}
                placeholder={t('ask.nameTagHint')}
                value={tag}
                maxLength={NAME_TAG_MAX}
                onChange={(e) => setTag(e.currentTarget.value)}
                autoComplete="off"
              />
              <Button type="submit" disabled={!tag.trim()}>
                {t('ask.useTag')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Modal>
  );
});

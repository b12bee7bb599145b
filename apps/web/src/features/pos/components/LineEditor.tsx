import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { CART_NOTES_MAX, formatMoney } from '@comanda/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../cart.ts';

// The seats a line can be set to: a table of twelve at most is what a waiter picks from a list.
const SEATS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

export interface LineEdit {
  quantity: number;
  notes: string;
  seat: number | null;
}

/**
 * One ticket line's editor (issue 31), opened by a tap on the line: quantity, seat and the kitchen
 * note in a sheet wide enough to read the whole 100 characters. The lines themselves stay plain text,
 * so a long ticket mounts no input at all. Mounted afresh for each line opened.
 */
export const LineEditor = memo(function LineEditor({
  line,
  currency,
  onClose,
  onSave,
  onRemove,
}: {
  line: CartLine;
  currency: string;
  onClose: () => void;
  onSave: (uuid: string, edit: LineEdit) => void;
  onRemove: (uuid: string) => void;
}) {
  const { t } = useTranslation('posTicket');
  const [quantity, setQuantity] = useState(line.quantity);
  const [notes, setNotes] = useState(line.notes);
  const [seat, setSeat] = useState<number | null>(line.seat ?? null);
  const options = [line.variant, ...line.addons].filter(Boolean).join(', ');

  return (
    <Modal
      opened
      onClose={onClose}
      title={line.title}
      centered
      size="lg"
      // No scroll lock: the POS fits the screen, and locking restyled the whole page (ItemPickerDialog).
      lockScroll={false}
      data-testid="line-editor"
    >
      <Stack gap="md">
        {options && <Text c="dimmed">{options}</Text>}
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              size={44}
              variant="default"
              aria-label={t('line.less')}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
            >
              <IconMinus size={20} />
            </ActionIcon>
            <Text fw={700} fz="xl" miw={36} ta="center" data-testid="editor-qty" aria-live="polite">
              {quantity}
            </Text>
            <ActionIcon size={44} variant="default" aria-label={t('line.more')} onClick={() => setQuantity((q) => q + 1)}>
              <IconPlus size={20} />
            </ActionIcon>
          </Group>
          <Text fw={700} fz="lg">
            {formatMoney(line.unitMinor * quantity, currency)}
          </Text>
        </Group>
        <Select
          label={t('line.seat')}
          placeholder={t('line.noSeat')}
          data={SEATS}
          value={seat ? String(seat) : null}
          onChange={(v) => setSeat(v ? Number(v) : null)}
          clearable
          w={160}
        />
        <Textarea
          label={t('line.notes')}
          description={t('line.notesHint', { max: CART_NOTES_MAX })}
          value={notes}
          maxLength={CART_NOTES_MAX}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={3}
          autoComplete="off"
        />
        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => onRemove(line.uuid)}
          >
            {t('line.remove')}
          </Button>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={onClose}>
              {t('line.cancel')}
            </Button>
            <Button onClick={() => onSave(line.uuid, { quantity, notes, seat })}>{t('line.done')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
});

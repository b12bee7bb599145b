import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MenuOption } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { confirmIrreversible } from '../../../lib/confirm.ts';
import { deleteOption, type OptionKind } from '../api/mutations.ts';
import { showMoney } from '../money.ts';

/**
 * The collapsible 'Variants' or 'Addons' list of an item: one row per option with edit and delete;
 * Add stays visible while the list is folded.
 */
export function OptionsSection(props: {
  kind: OptionKind;
  itemId: number;
  options: MenuOption[];
  currency: string;
  expanded: boolean;
  onToggle: () => void;
  onAdd: () => void;
  onEdit: (option: MenuOption) => void;
}) {
  const { t } = useTranslation('menu');
  const { kind, options, currency } = props;
  const remove = useSaveMutation({ mutationFn: deleteOption, changes: ['menu'] });
  const k = (key: string) => `${kind}.${key}`;
  const bodyId = `${kind}-list`;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Group gap="xs">
            <Title order={2} fz="lg">
              {t(k('title'))}
            </Title>
            <Badge variant="light" color="gray" radius="sm" circle={options.length < 10}>
              {options.length}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {kind === 'variant'
              ? t('The entered price is the final price and overrides the base price.')
              : t('The final price is the base price plus the entered amount.')}
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
          {t(k('add'))}
        </Button>
      </Group>
      <Collapse in={props.expanded} id={bodyId}>
        {options.length === 0 ? (
          <Text
            c="dimmed"
            fz="sm"
            ta="center"
            py="lg"
            mt="md"
            bg="gray.0"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            {t(k('empty'))}
          </Text>
        ) : (
          <Table mt="md" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('option.title')}</Table.Th>
                <Table.Th ta="right">{t(k('priceColumn'))}</Table.Th>
                <Table.Th w={96} ta="right">
                  <VisuallyHidden>{t('option.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.map((o) => (
                <Table.Tr key={o.id} data-testid={`${kind}-row`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text fz="sm" fw={500}>
                      {o.title}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {kind === 'addon' ? `+ ${showMoney(o.price, currency)}` : showMoney(o.price, currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('option.edit')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={t('option.editLabel', { title: o.title })}
                          onClick={() => props.onEdit(o)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('option.delete')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('option.deleteLabel', { title: o.title })}
                          onClick={() =>
                            confirmIrreversible(
                              () => remove.mutate({ kind, itemId: props.itemId, optionId: o.id }),
                              t(k('deleteTitle'), { title: o.title }),
                            )
                          }
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
      <Button
        variant="light"
        color="gray"
        size="sm"
        fullWidth
        mt="md"
        onClick={props.onToggle}
        aria-expanded={props.expanded}
        aria-controls={bodyId}
        rightSection={
          <IconChevronDown
            size={16}
            style={{
              transform: props.expanded ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        }
      >
        {t(k(props.expanded ? 'hide' : 'show'))}
      </Button>
    </Card>
  );
}

import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCategory, IconPlus, IconSearch, IconToolsKitchen2 } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { MenuItem } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { paths } from '../../lib/paths.ts';
import { menuItemsQueryOptions } from './api/get-menu-items.ts';
import type { StoreCatalogue } from './catalogue.ts';
import { AddMenuItemDialog } from './components/AddMenuItemDialog.tsx';
import { ItemImage } from './components/ItemImage.tsx';
import { MenuItemCard } from './components/MenuItemCard.tsx';
import { showMoney } from './money.ts';

const ALL = 'all';
const NONE = 'none';

/** The items a search and a category filter leave (blank search is ignored, SPEC §5). */
function filterItems(items: MenuItem[], search: string, category: string): MenuItem[] {
  const query = search.trim().toLowerCase();
  return items.filter(
    (i) =>
      (category === ALL ||
        (category === NONE ? i.category_id === null : String(i.category_id) === category)) &&
      (!query || i.title.toLowerCase().includes(query) || i.category_title?.toLowerCase().includes(query)),
  );
}

/**
 * /dashboard/settings/menu-items: every item in a dense table (a list of cards on a phone) with a search
 * and a category filter; a whole row opens the item; New adds one.
 */
export function MenuItemsPage({ catalogue }: { catalogue: StoreCatalogue }) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const items = useQuery(menuItemsQueryOptions());
  const currency = catalogue.useCurrency();
  const categories = catalogue.useCategories();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const shown = filterItems(items.data ?? [], search, category);
  const categoryOptions = [
    { value: ALL, label: t('list.allCategories') },
    { value: NONE, label: t('list.noCategory') },
    ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        description={t('list.subtitle')}
        actions={
          <>
            <Button
              component={Link}
              to={paths.dashboard.settings.categories}
              variant="default"
              leftSection={<IconCategory size={18} />}
            >
              {t('list.categories')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => setAdding(true)}
              disabled={!currency.data}
            >
              {t('list.new')}
            </Button>
          </>
        }
      />
      {items.isPending || currency.isPending ? (
        <Loading />
      ) : items.isError || currency.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : items.data.length === 0 ? (
        <EmptyState
          icon={IconToolsKitchen2}
          title={t('list.emptyTitle')}
          text={t('list.emptyText')}
          actionLabel={t('list.emptyAction')}
          onAction={() => setAdding(true)}
        />
      ) : (
        <>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              aria-label={t('list.search')}
              placeholder={t('list.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maw={{ base: '100%', sm: 360 }}
            />
            <Select
              aria-label={t('list.categoryFilter')}
              data={categoryOptions}
              value={category}
              onChange={(v) => setCategory(v ?? ALL)}
              allowDeselect={false}
              comboboxProps={{ keepMounted: false }}
              w={{ base: '100%', xs: 220 }}
            />
            <Text fz="sm" c="dimmed" ml="auto" aria-live="polite">
              {t('list.count', { count: shown.length })}
            </Text>
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('list.noMatch', { query: search.trim() })}
            </Text>
          ) : phone ? (
            <Stack gap="sm">
              {shown.map((item) => (
                <MenuItemCard key={item.id} item={item} currency={currency.data} />
              ))}
            </Stack>
          ) : (
            <Card withBorder radius="lg" padding={0}>
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing={6} horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('table.item')}</Table.Th>
                      <Table.Th>{t('table.category')}</Table.Th>
                      <Table.Th ta="right">{t('table.price')}</Table.Th>
                      <Table.Th ta="right">{t('table.variants')}</Table.Th>
                      <Table.Th ta="right">{t('table.addons')}</Table.Th>
                      <Table.Th>{t('table.tax')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((item) => (
                      <Table.Tr
                        key={item.id}
                        data-testid="menu-item-row"
                        // The whole row opens the item; the title link is the keyboard's way in.
                        onClick={() => void navigate(paths.dashboard.settings.menuItem.to(item.id))}
                        style={{ cursor: 'pointer' }}
                      >
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Box
                              w={44}
                              h={44}
                              style={{
                                flexShrink: 0,
                                overflow: 'hidden',
                                borderRadius: 'var(--mantine-radius-md)',
                              }}
                            >
                              <ItemImage src={item.image} alt="" h={44} iconSize={20} />
                            </Box>
                            <Anchor
                              component={Link}
                              to={paths.dashboard.settings.menuItem.to(item.id)}
                              c="inherit"
                              fw={600}
                              onClick={(e) => e.stopPropagation()}
                            >
                              {item.title}
                            </Anchor>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {item.category_title ? (
                            <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
                              {item.category_title}
                            </Badge>
                          ) : (
                            <Text fz="sm" c="dimmed">
                              {t('card.noCategory')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {showMoney(item.price, currency.data)}
                        </Table.Td>
                        <Table.Td ta="right">{item.variants.length}</Table.Td>
                        <Table.Td ta="right">{item.addons.length}</Table.Td>
                        <Table.Td>
                          {item.tax_title ? (
                            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                              {t('table.taxValue', { title: item.tax_title, rate: item.tax_rate })}
                            </Text>
                          ) : (
                            <Text fz="sm" c="dimmed">
                              {t('field.none')}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </>
      )}
      {currency.data && (
        <AddMenuItemDialog
          opened={adding}
          onClose={() => setAdding(false)}
          currency={currency.data}
          catalogue={catalogue}
        />
      )}
    </Stack>
  );
}

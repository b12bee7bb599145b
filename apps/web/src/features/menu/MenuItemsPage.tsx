import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCategory, IconPlus, IconSearch, IconToolsKitchen2 } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchMenuItems, fetchStoreCurrency, menuKeys } from './api.ts';
import { AddMenuItemDialog } from './components/AddMenuItemDialog.tsx';
import { MenuItemCard } from './components/MenuItemCard.tsx';

/** /dashboard/settings/menu-items: every item as a card, a search, and the New dialog. */
export function MenuItemsPage() {
  const { t } = useTranslation('menu');
  const items = useQuery({ queryKey: menuKeys.items, queryFn: fetchMenuItems });
  const currency = useQuery({ queryKey: menuKeys.store, queryFn: fetchStoreCurrency });
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const query = search.trim().toLowerCase();
  const shown =
    items.data?.filter(
      (i) =>
        !query || i.title.toLowerCase().includes(query) || i.category_title?.toLowerCase().includes(query),
    ) ?? [];

  return (
    <Stack>
      <PageHeader
        title={t('list.title')}
        description={t('list.subtitle')}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to="/dashboard/settings/menu-items/categories"
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
          </Group>
        }
      />
      {items.isPending || currency.isPending ? (
        <Loading />
      ) : items.isError || currency.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : items.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="sm" py="xl" ta="center">
            <ThemeIcon variant="light" size={64} radius="xl">
              <IconToolsKitchen2 size={34} stroke={1.5} />
            </ThemeIcon>
            <Title order={2} fz="h4">
              {t('list.emptyTitle')}
            </Title>
            <Text c="dimmed" maw={420}>
              {t('list.emptyText')}
            </Text>
            <Button
              mt="xs"
              variant="light"
              leftSection={<IconPlus size={18} />}
              onClick={() => setAdding(true)}
            >
              {t('list.emptyAction')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('list.search')}
              placeholder={t('list.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
              size="sm"
            />
            <Text fz="sm" c="dimmed">
              {t('list.count', { count: shown.length })}
            </Text>
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('list.noMatch', { query: search.trim() })}
            </Text>
          ) : (
            <SimpleGrid
              type="container"
              cols={{ base: 1, '480px': 2, '760px': 3, '1040px': 4 }}
              spacing={{ base: 'md', '760px': 'lg' }}
            >
              {shown.map((item) => (
                <MenuItemCard key={item.id} item={item} currency={currency.data} compact={phone} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      {currency.data && (
        <AddMenuItemDialog opened={adding} onClose={() => setAdding(false)} currency={currency.data} />
      )}
    </Stack>
  );
}

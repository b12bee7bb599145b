import { Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type Category, type MenuItem, formatMoney } from '@comanda/core';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasOptions } from '../cart.ts';
import { NoItemsYet } from './NoItemsYet.tsx';
import classes from './pos.module.css';

/** A menu item shown on a card: its price already in minor units, worked out once per menu. */
export interface GridItem {
  item: MenuItem;
  priceMinor: number;
  /** Lower-cased title, for the search. */
  key: string;
}

/**
 * The left panel: category filter (All first), title search (case-insensitive; blank shows all) and
 * the item cards. A search looks through the whole menu: the chips narrow an empty search only (a
 * waiter typing "cola" while Desserts is chosen wants the cola, issue 31). One tap adds an item; an
 * item with variants or addons opens the picker. Memoised: a change to the cart re-renders none of it.
 * The screen remounts it (a new key) to reset the filter on New.
 */
export const ItemGrid = memo(function ItemGrid({
  items,
  categories,
  currency,
  onPick,
}: {
  items: readonly GridItem[];
  categories: readonly Category[];
  currency: string;
  onPick: (item: MenuItem) => void;
}) {
  const { t } = useTranslation('pos');
  const [category, setCategory] = useState<number | 'all'>('all');
  const [search, setSearch] = useState('');
  // Typing stays instant with a large menu: the grid follows a moment behind.
  const q = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () =>
      items.filter(
        (g) => (q ? g.key.includes(q) : category === 'all' || g.item.category_id === category),
      ),
    [items, category, q],
  );

  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        inputMode="search"
        autoComplete="off"
        rightSection={
          search ? <CloseButton aria-label={t('search.clear')} onClick={() => setSearch('')} /> : null
        }
        rightSectionWidth={44}
      />
      <Group gap="xs" role="group" aria-label={t('category.label')} className={classes.chips}>
        {[{ id: 'all' as const, title: t('category.all') }, ...categories].map((c) => (
          <Button
            key={c.id}
            // While searching the chips do not narrow: none shows as chosen but All.
            variant={(q ? 'all' : category) === c.id ? 'filled' : 'default'}
            aria-pressed={(q ? 'all' : category) === c.id}
            // A chip tapped during a search ends it: the waiter is browsing again.
            onClick={() => {
              setCategory(c.id);
              setSearch('');
            }}
            radius="xl"
          >
            {c.title}
          </Button>
        ))}
      </Group>
      {items.length === 0 ? (
        <NoItemsYet />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {t('grid.empty')}
        </Text>
      ) : (
        <div className={classes.grid}>
          {shown.map((g) => (
            <ItemCard key={g.item.id} entry={g} currency={currency} onPick={onPick} />
          ))}
        </div>
      )}
    </Stack>
  );
});

/** One card, plain elements (pos.module.css); memoised so a tap that changes the cart re-renders no card. */
const ItemCard = memo(function ItemCard({
  entry,
  currency,
  onPick,
}: {
  entry: GridItem;
  currency: string;
  onPick: (item: MenuItem) => void;
}) {
  const { t } = useTranslation('pos');
  const { item } = entry;
  return (
    <button type="button" className={classes.card} onClick={() => onPick(item)} data-testid="pos-item">
      <span className={classes.cardTitle}>{item.title}</span>
      <span className={classes.cardFoot}>
        <span className={classes.cardPrice}>{formatMoney(entry.priceMinor, currency)}</span>
        {hasOptions(item) && <span className={classes.cardBadge}>{t('grid.options')}</span>}
      </span>
    </button>
  );
});

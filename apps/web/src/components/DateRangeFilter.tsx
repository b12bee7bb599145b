import { Button, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DATE_FILTERS, type DateFilter, addMonths, dateRangeQuery } from '@comanda/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n.ts';

// The filters a screen offers, and their query check, built once per set of exclusions.
const queries = new Map<string, ReturnType<typeof dateRangeQuery>>();
function rangeQueryFor(excluded: readonly DateFilter[]) {
  const key = excluded.join(',');
  let query = queries.get(key);
  if (!query) {
    query = dateRangeQuery(excluded);
    queries.set(key, query);
  }
  return query;
}

export interface DateRangeParams {
  type: DateFilter;
  from?: string;
  to?: string;
}

/**
 * A list's date filter (SPEC §5: today by default; a custom range starts as today until the same day
 * next month on the store's calendar): the query params, whether they are valid, and the field error.
 * `excluded` drops filters the screen does not offer (SPEC §9: reports have no 'tomorrow').
 */
export function useDateRange(
  today: string | undefined,
  { excluded = [] }: { excluded?: readonly DateFilter[] } = {},
) {
  const offered = DATE_FILTERS.filter((f) => !excluded.includes(f));
  const rangeQuery = rangeQueryFor(excluded);
  const [filter, setFilter] = useState<DateFilter>('today');
  const [range, setRange] = useState({ from: '', to: '' });
  const params: DateRangeParams =
    filter === 'custom'
      ? { type: filter, from: range.from || undefined, to: range.to || undefined }
      : { type: filter };
  const checked = rangeQuery.safeParse(params);
  const error = checked.success ? undefined : i18n.t(checked.error.issues[0]?.message ?? 'Invalid request!');
  const choose = (next: DateFilter) => {
    if (next === 'custom' && !range.from && today) setRange({ from: today, to: addMonths(today, 1) });
    setFilter(next);
  };
  return { filter, offered, range, setRange, choose, params, valid: checked.success, error };
}

export type DateRangeState = ReturnType<typeof useDateRange>;

/** The filter's select and, for a custom range, its From and To dates; `children` follow in the row. */
export function DateRangeFilter({
  state,
  disabled,
  children,
}: {
  state: DateRangeState;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { filter, offered, range, setRange, choose, error } = state;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('dateFilter.label')}
        data={offered.map((f) => ({ value: f, label: t(`dateFilter.${f}`) }))}
        value={filter}
        onChange={(value) => value && choose(value as DateFilter)}
        allowDeselect={false}
        w={180}
        disabled={disabled}
      />
      {filter === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('dateFilter.from')}
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            w={180}
            disabled={disabled}
          />
          <TextInput
            type="date"
            label={t('dateFilter.to')}
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            error={error}
            w={180}
            disabled={disabled}
          />
        </>
      )}
      {children}
    </Group>
  );
}

/**
 * A list's search box and button. A blank search does nothing (SPEC §5); emptying the box goes back
 * to the filtered list (`onClear`).
 */
export function ListSearch({
  texts,
  value,
  onChange,
  onSearch,
  onClear,
}: {
  texts: { label: string; placeholder: string; button: string; clear: string };
  value: string;
  onChange: (value: string) => void;
  onSearch: (q: string) => void;
  onClear: () => void;
}) {
  return (
    <form
      role="search"
      style={{ flex: '1 1 260px', minWidth: 240 }}
      onSubmit={(e) => {
        e.preventDefault();
        const text = value.trim();
        if (text) onSearch(text);
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput
          label={texts.label}
          placeholder={texts.placeholder}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            if (!e.currentTarget.value.trim()) onClear();
          }}
          inputMode="search"
          autoComplete="off"
          style={{ flex: 1 }}
          rightSection={value ? <CloseButton aria-label={texts.clear} onClick={onClear} /> : null}
          rightSectionWidth={44}
        />
        <Button type="submit" variant="light" leftSection={<IconSearch size={18} />}>
          {texts.button}
        </Button>
      </Group>
    </form>
  );
}

import { ActionIcon, Button, Combobox, Group, InputBase, Loader, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import type { PickedCustomer } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSearchQueryOptions } from '../api/get-customers.ts';
import type { CustomerPickerProps } from '../../../lib/customer-picker.ts';
import { AddCustomerDialog } from './AddCustomerDialog.tsx';

/** How a picked customer reads in the input and the options: 'name · phone'. */
export const customerLabel = (c: PickedCustomer) => `${c.name} · ${c.phone}`;

/** Typing waits this long before searching. */
const DEBOUNCE_MS = 300;

/**
 * Finds a customer by phone or name (the POS's customer box, the reservation dialog), or adds one
 * through the Add New Customer dialog with what was typed. Blank text searches nothing; a search the
 * server refuses reads 'No result found!'.
 */
export function CustomerPicker({ value, onChange, error, label, required, compact }: CustomerPickerProps) {
  const { t } = useTranslation('customers');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value ? customerLabel(value) : '');
  const [adding, setAdding] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);

  // While the input shows the picked customer, there is nothing to look up.
  const shown = value ? customerLabel(value) : null;
  const q = shown !== null && text === shown ? '' : debounced;
  const search = useQuery({ ...customerSearchQueryOptions(q), enabled: q !== '' });
  const options = search.data ?? [];
  // What was typed, not the picked customer's label, is what the Add dialog starts from.
  const typed = shown !== null && text === shown ? '' : text.trim();

  const pick = (customer: PickedCustomer) => {
    onChange({ id: customer.id, phone: customer.phone, name: customer.name });
    setText(customerLabel(customer));
    combobox.closeDropdown();
  };

  // A parent may set or clear the value (the POS's New clears the customer): the input follows it. A
  // value cleared because the user is typing over it keeps what they typed.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value && value.id !== lastValue?.id) setText(customerLabel(value));
    else if (!value && lastValue && text === customerLabel(lastValue)) setText('');
  }

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const customer = options.find((c) => String(c.id) === id);
          if (customer) pick(customer);
        }}
      >
        <Combobox.Target>
          <InputBase
            inputContainer={(input) => (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                {compact ? (
                  <ActionIcon variant="light" aria-label={t('add.button')} onClick={() => setAdding(true)}>
                    <IconUserPlus size={20} />
                  </ActionIcon>
                ) : (
                  <Button
                    variant="light"
                    leftSection={<IconUserPlus size={18} />}
                    onClick={() => setAdding(true)}
                    style={{ flexShrink: 0 }}
                  >
                    {t('add.button')}
                  </Button>
                )}
              </Group>
            )}
            label={label ?? t('picker.label')}
            placeholder={t('picker.placeholder')}
            required={required}
            // global.css draws the one required mark from `required`.
            withAsterisk={false}
            error={error}
            value={text}
            inputMode="search"
            autoComplete="off"
            rightSection={search.isFetching ? <Loader size="xs" /> : null}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (value) onChange(null);
              if (event.currentTarget.value.trim()) combobox.openDropdown();
              else combobox.closeDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => {
              if (q) combobox.openDropdown();
            }}
            onClick={() => {
              if (q) combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={q === ''}>
          <Combobox.Options
            mah={320}
            style={{ overflowY: 'auto' }}
            aria-label={t('picker.options', { label: label ?? t('picker.label') })}
          >
            {search.isError ? (
              <Combobox.Empty>{t('No result found!')}</Combobox.Empty>
            ) : search.isPending || (search.isFetching && options.length === 0) ? (
              <Combobox.Empty>{t('picker.searching')}</Combobox.Empty>
            ) : options.length === 0 ? (
              <Combobox.Empty>{t('No result found!')}</Combobox.Empty>
            ) : (
              options.map((c) => (
                <Combobox.Option
                  value={String(c.id)}
                  key={c.id}
                  mih={44}
                  style={{ display: 'flex', alignItems: 'center' }}
                >
                  {customerLabel(c)}
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <AddCustomerDialog
        opened={adding}
        onClose={() => setAdding(false)}
        defaultValue={typed}
        onAdded={pick}
      />
    </>
  );
}

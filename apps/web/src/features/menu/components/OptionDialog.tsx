import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { addonSchema, type MenuOption, variantSchema } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { addOption, type OptionKind, updateOption } from '../api/mutations.ts';
import { showMoney } from '../money.ts';
import { useDialogProps } from './dialog-props.ts';
import { asAmount } from './MenuItemFields.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';

const schemaOf = (kind: OptionKind) => (kind === 'variant' ? variantSchema : addonSchema);

function OptionForm(props: {
  kind: OptionKind;
  itemId: number;
  basePrice: number;
  currency: string;
  option: MenuOption | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const { kind, option } = props;
  const schema = schemaOf(kind);
  const form = useForm<{ title: string; price: number | string }>({
    initialValues: {
      title: option?.title ?? '',
      price: option ? asAmount(option.price, props.currency) : '',
    },
    validate: zodValidate(schema),
  });
  const add = useSaveMutation({
    mutationFn: addOption,
    changes: ['menu'],
    onSuccess: props.onDone,
  });
  const update = useSaveMutation({
    mutationFn: updateOption,
    changes: ['menu'],
    onSuccess: props.onDone,
  });
  const pending = add.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const body = { kind, itemId: props.itemId, ...schema.parse(values) };
    if (option) update.mutate({ ...body, optionId: option.id });
    else add.mutate(body);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="sm">
          {kind === 'variant'
            ? t('The entered price is the final price and overrides the base price.')
            : t('The final price is the base price plus the entered amount.')}{' '}
          {t('option.basePrice', { price: showMoney(props.basePrice, props.currency) })}
        </Alert>
        <TextInput
          label={t('field.title')}
          placeholder={t(kind === 'variant' ? 'option.variantPlaceholder' : 'option.addonPlaceholder')}
          required
          data-autofocus
          {...form.getInputProps('title')}
        />
        <MoneyInput label={t('field.price')} currency={props.currency} {...form.getInputProps('price')} />
        <DialogActions>
          <Button variant="default" onClick={props.onDone} disabled={pending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** Which option dialog is open: adding, or editing one row; the row stays set while it animates out. */
export type OptionDialogState = { opened: boolean; kind: OptionKind; option: MenuOption | null };

/** 'Add Variant', 'Update Variant', 'Add Addon', 'Update Addon': a title and a price. */
export function OptionDialog(props: {
  state: OptionDialogState;
  itemId: number;
  basePrice: number;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('menu');
  const dialogProps = useDialogProps();
  const { opened, kind, option } = props.state;
  const title =
    kind === 'variant'
      ? t(option ? 'variant.updateTitle' : 'variant.addTitle')
      : t(option ? 'addon.updateTitle' : 'addon.addTitle');
  return (
    <Modal opened={opened} onClose={props.onClose} title={title} {...dialogProps}>
      <OptionForm
        key={`${kind}-${option?.id ?? 'new'}`}
        kind={kind}
        itemId={props.itemId}
        basePrice={props.basePrice}
        currency={props.currency}
        option={option}
        onDone={props.onClose}
      />
    </Modal>
  );
}

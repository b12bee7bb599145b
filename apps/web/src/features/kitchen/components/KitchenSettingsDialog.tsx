import { NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { kitchenSettingsSchema, type KitchenSettingsInput } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { saveKitchenSettings } from '../api/mutations.ts';

/** When tickets turn amber and red (the owner's thresholds, in minutes). */
export function KitchenSettingsDialog({
  opened,
  onClose,
  settings,
}: {
  opened: boolean;
  onClose: () => void;
  settings: { warnMinutes: number; lateMinutes: number };
}) {
  const { t } = useTranslation('kitchen');
  const form = useForm<KitchenSettingsInput>({
    initialValues: settings,
    validate: zodValidate(kitchenSettingsSchema),
  });
  const save = useSaveMutation({
    mutationFn: saveKitchenSettings,
    // The thresholds are store settings; the kitchen's answer carries them.
    changes: ['store'],
    onSuccess: onClose,
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      loading={save.isPending}
    >
      <NumberInput
        label={t('settings.warn')}
        description={t('settings.warnHint')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps('warnMinutes')}
      />
      <NumberInput
        label={t('settings.late')}
        description={t('settings.lateHint')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        {...form.getInputProps('lateMinutes')}
      />
    </FormModal>
  );
}

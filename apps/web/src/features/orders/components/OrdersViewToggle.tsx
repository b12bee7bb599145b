import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrdersView } from '../orders-view.ts';

/** Plan or List: how Table Orders shows the open orders (issue 31); the choice is kept on the device. */
export function OrdersViewToggle({
  view,
  onChange,
}: {
  view: OrdersView;
  onChange: (v: OrdersView) => void;
}) {
  const { t } = useTranslation('floorPlan');
  return (
    <SegmentedControl
      aria-label={t('viewLabel')}
      size="md"
      value={view}
      onChange={(v) => onChange(v === 'list' ? 'list' : 'plan')}
      data={[
        { value: 'plan', label: t('viewPlan') },
        { value: 'list', label: t('viewList') },
      ]}
    />
  );
}

import { Button, Collapse } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart's long table, folded under it: a button (tap, not hover) shows and hides it. The chart's
 * own summary is its text alternative while the table is folded.
 */
export function useTableToggle(title: string) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = (
    <Button
      variant="default"
      leftSection={open ? <IconTableOff size={18} /> : <IconTable size={18} />}
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      aria-controls={id}
      aria-label={t(open ? 'table.hideLabel' : 'table.showLabel', { title })}
    >
      {t(open ? 'table.hide' : 'table.show')}
    </Button>
  );
  const folded = (table: ReactNode) => (
    <Collapse in={open} id={id} mt={open ? 'md' : 0}>
      {open && table}
    </Collapse>
  );
  return { button, folded };
}

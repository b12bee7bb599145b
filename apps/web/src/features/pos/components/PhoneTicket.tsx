import { Button, Drawer } from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pos.module.css';

/**
 * The ticket on a phone (issue 31): the grid takes the screen and a floating "N items · total" bar
 * opens the ticket in a sheet from the bottom (before, the ticket was 1,800 px below the grid).
 */
export const PhoneTicket = memo(function PhoneTicket({
  count,
  total,
  opened,
  onOpen,
  onClose,
  children,
}: {
  count: number;
  total: string;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('posTicket');
  return (
    <>
      {!opened && (
        <Button
          className={classes.ticketBar}
          size="lg"
          radius="xl"
          onClick={onOpen}
          rightSection={<IconChevronUp size={20} aria-hidden />}
          justify="space-between"
          data-testid="ticket-bar"
        >
          {count === 0 ? t('bar.empty') : t('bar.open', { count, total })}
        </Button>
      )}
      <Drawer
        opened={opened}
        onClose={onClose}
        position="bottom"
        size="100%"
        title={t('sheet.title')}
        padding="xs"
        data-testid="ticket-sheet"
      >
        <div className={classes.sheetCart}>{children}</div>
      </Drawer>
    </>
  );
});

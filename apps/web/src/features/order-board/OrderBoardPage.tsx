import { Box, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconVolume } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { orderBoardQueryOptions } from './api/get-order-board.ts';
import { useChime } from '../../lib/chime.ts';

/** Three rising notes, unlike the kitchen's: an order is ready for pickup. */
const READY_CHIME = { notes: [660, 880, 1320], gap: 0.16, ring: 0.6, mutedKey: 'comanda.order-board.muted' };

/** Mantine draws its scheme from this attribute on <html>: dark while the board is on screen only. */
function useDarkScreen() {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.getAttribute('data-mantine-color-scheme');
    root.setAttribute('data-mantine-color-scheme', 'dark');
    return () => {
      if (before) root.setAttribute('data-mantine-color-scheme', before);
      else root.removeAttribute('data-mantine-color-scheme');
    };
  }, []);
}

/**
 * /dashboard/order-status (issue 11, ORDER_STATUS_DISPLAY): the pickup board for a TV at the counter.
 * Two columns of token numbers, 'Preparing' and 'Ready', in type readable across the room; live through
 * the orders' events; a chime when a token becomes ready.
 */
export function OrderBoardPage() {
  const { t } = useTranslation('orderBoard');
  useDarkScreen();
  const board = useQuery(orderBoardQueryOptions());
  const sound = useChime(READY_CHIME);

  // A chime when a refetch brings a ready token not ready before; the first load is not news.
  const seenReady = useRef<Set<number> | null>(null);
  const { chime } = sound;
  useEffect(() => {
    const ready = board.data?.ready;
    if (!ready) return;
    const fresh = seenReady.current !== null && ready.some((token) => !seenReady.current?.has(token));
    seenReady.current = new Set(ready);
    if (fresh) chime();
  }, [board.data, chime]);

  let body;
  if (board.isPending) body = <Loading />;
  else if (board.isError) body = <LoadError message={t('loadError')} />;
  else
    body = (
      <SimpleGrid cols={2} spacing="lg" style={{ flex: 1 }}>
        <Column
          title={t('preparing')}
          tokens={board.data.preparing}
          testId="board-preparing"
          empty={t('none')}
        />
        <Column title={t('ready')} tokens={board.data.ready} testId="board-ready" empty={t('none')} ready />
      </SimpleGrid>
    );

  return (
    // The whole work area is dark, edge to edge (the shell's main area pads by `lg` and is light).
    <Stack
      gap="md"
      data-testid="order-board"
      m="calc(var(--mantine-spacing-lg) * -1)"
      p="lg"
      bg="dark.8"
      mih="calc(100dvh - var(--app-shell-header-height, 0px))"
    >
      <PageHeader
        title={t('title')}
        actions={
          <>
            {!sound.muted && !sound.ready && (
              <Button size="lg" color="yellow" leftSection={<IconVolume size={22} />} onClick={sound.unlock}>
                {t('sound.enable')}
              </Button>
            )}
            <Button
              variant="default"
              size="lg"
              onClick={sound.toggleMuted}
              aria-pressed={sound.muted}
              leftSection={sound.muted ? <IconBellOff size={22} /> : <IconBell size={22} />}
            >
              {sound.muted ? t('sound.muted') : t('sound.on')}
            </Button>
          </>
        }
      />
      {body}
    </Stack>
  );
}

function Column({
  title,
  tokens,
  empty,
  testId,
  ready = false,
}: {
  title: string;
  tokens: readonly number[];
  empty: string;
  testId: string;
  ready?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      p="lg"
      bg={ready ? 'green.9' : 'dark.6'}
      style={{ borderRadius: 'var(--mantine-radius-lg)' }}
    >
      <Title id={`${testId}-title`} order={2} ta="center" c="white" fz={{ base: 32, md: 48 }} mb="lg">
        {title}
      </Title>
      {tokens.length === 0 ? (
        <Text ta="center" c="gray.3" fz={32}>
          {empty}
        </Text>
      ) : (
        // Ready tokens are announced as they arrive, for anyone at the counter with a screen reader.
        <Box
          component="ul"
          aria-live={ready ? 'polite' : undefined}
          m={0}
          p={0}
          style={{
            listStyle: 'none',
            display: 'grid',
            gap: 'var(--mantine-spacing-md)',
            gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))',
          }}
        >
          {tokens.map((token) => (
            <Box
              component="li"
              key={token}
              ta="center"
              c="white"
              fw={800}
              lh={1.1}
              py="sm"
              fz={{ base: 56, md: 88 }}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {token}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

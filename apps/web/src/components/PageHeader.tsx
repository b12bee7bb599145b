import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title.ts';

/**
 * The title row every back-office page starts with: optional breadcrumb, the page's one `h1`, and its
 * actions at the right, the primary one last (the same place on every page). Names the browser tab.
 */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  documentTitle,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  breadcrumbs?: ReactNode;
  /** The tab's title when it differs from the heading (a greeting, an item's name). */
  documentTitle?: string;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Stack gap={4} mb="md">
      {breadcrumbs}
      {/* The title keeps room for whole words (at least 12rem): on a phone the actions wrap to the
          next row instead of squeezing the title to one letter per line (issue 31). */}
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 'min(100%, 12rem)', flex: '1 1 12rem' }}>
          <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25} style={{ overflowWrap: 'break-word' }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm" visibleFrom="xs">
              {description}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap" style={{ flex: '0 1 auto' }} data-testid="page-actions">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}

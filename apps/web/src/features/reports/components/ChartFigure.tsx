import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart as one image for assistive technology: named by `label`, described by the visible summary
 * `describedBy` points at; the drawing itself is hidden from the accessibility tree (its figures are
 * in the table beside it and in the CSV), so screen readers do not walk every bar and slice.
 */
export function ChartFigure({
  label,
  describedBy,
  children,
  testId,
}: {
  label: string;
  describedBy?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box role="img" aria-label={label} aria-describedby={describedBy} data-testid={testId}>
      <div aria-hidden>{children}</div>
    </Box>
  );
}

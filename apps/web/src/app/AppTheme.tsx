import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme.ts';

/** The theme, with the texts its components need (the close button's name) from the catalog. */
export function AppTheme({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const withTexts = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } } },
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } } },
        },
      }),
    [t],
  );
  return (
    <MantineProvider theme={withTexts} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

import { useEffect } from 'react';

/**
 * The kitchen display is dark (high contrast, no glare) whatever the app's scheme. Mantine draws its
 * scheme from this attribute on <html>; setting it only while the screen is mounted (rather than
 * through the colour-scheme manager, which remembers it) leaves every other screen as it was.
 */
export function useDarkScreen() {
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

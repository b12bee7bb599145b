import { UAParser } from 'ua-parser-js';

/** A device name a person recognises ("Chrome on Android"), from the sign-in's user agent. */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, device } = UAParser(userAgent.slice(0, 512));
  const what = browser.name ?? device.model ?? 'Unknown browser';
  return os.name ? `${what} on ${os.name}` : what;
}

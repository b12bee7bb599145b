import { describe, expect, it } from 'vitest';
import { currentTimeZoneName, timeZones } from './currencies.ts';

describe('time zones', () => {
  it('offer UTC and current names only, sorted', () => {
    const zones = timeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).toEqual([...zones].sort());
  });

  it('renames outdated aliases and keeps every other name', () => {
    expect(currentTimeZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentTimeZoneName('Etc/UTC')).toBe('UTC');
    expect(currentTimeZoneName('Europe/Lisbon')).toBe('Europe/Lisbon');
  });
});

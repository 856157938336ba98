import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The unit's [Service] settings as key → value (the last one wins, as systemd reads them). */
function serviceSettings(): Map<string, string> {
  const text = readFileSync(new URL('../../src/ops/giftdesk.service', import.meta.url), 'utf8');
  const service = text.split(/^\[Service\]$/m)[1]!.split(/^\[/m)[0]!;
  const settings = new Map<string, string>();
  for (const line of service.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

describe('the systemd unit', () => {
  it('makes every file it creates private to the giftdesk user', () => {
    expect(serviceSettings().get('UMask')).toBe('0077');
  });

  it('sandboxes the service: no new privileges, a read-only system but the data folder, no home, a private /tmp', () => {
    const settings = serviceSettings();
    expect(Object.fromEntries(['NoNewPrivileges', 'ProtectSystem', 'ReadWritePaths', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'CapabilityBoundingSet'].map((key) => [key, settings.get(key)]))).toEqual({
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ReadWritePaths: '/opt/giftdesk/data',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      CapabilityBoundingSet: '',
    });
    // V8 writes the code it runs: this one would stop node at its first compiled function.
    expect(settings.has('MemoryDenyWriteExecute')).toBe(false);
  });
});

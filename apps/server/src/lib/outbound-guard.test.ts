import { describe, expect, it } from 'vitest';
import { isPrivateAddress, OutboundGuardError, resolveGuardedHost } from './outbound-guard.ts';

describe('outbound guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b:1::a9fe:a9fe', true],
    ['2002:a9fe:a9fe::1', true],
    ['fec0::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s private=%s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses a name when any of its answers is private (no mixing public and private)', async () => {
    const lookupAll = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const err = await resolveGuardedHost('mixed.example', { allowPrivate: false, lookupAll }).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundGuardError);
    expect((err as OutboundGuardError).reason).toBe('private-address');
  });

  it('returns the checked address to pin, and lets private through only when allowed', async () => {
    const lookupAll = async () => [{ address: '10.0.0.5', family: 4 }];
    await expect(resolveGuardedHost('db.internal', { allowPrivate: false, lookupAll })).rejects.toThrow(OutboundGuardError);
    await expect(resolveGuardedHost('db.internal', { allowPrivate: true, lookupAll })).resolves.toEqual({
      host: 'db.internal',
      address: '10.0.0.5',
      family: 4,
    });
  });

  it('alwaysRefuse wins over allowPrivate', async () => {
    const r = resolveGuardedHost('127.0.0.1', { allowPrivate: true, alwaysRefuse: (x) => x.address === '127.0.0.1' });
    await expect(r).rejects.toThrow(OutboundGuardError);
  });

  it('refuses malformed hosts and unresolvable names', async () => {
    await expect(resolveGuardedHost('a b', { allowPrivate: true })).rejects.toMatchObject({ reason: 'invalid-host' });
    await expect(resolveGuardedHost('user@host', { allowPrivate: true })).rejects.toMatchObject({ reason: 'invalid-host' });
    const lookupAll = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveGuardedHost('nope.invalid', { allowPrivate: true, lookupAll })).rejects.toMatchObject({
      reason: 'unresolvable',
    });
  });
});

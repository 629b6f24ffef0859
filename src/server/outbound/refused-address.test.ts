import { describe, expect, it } from 'vitest';
import { isAddressLiteral, refusedAddressReason } from './refused-address.js';

describe('refusedAddressReason', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
  ])('refuses %s as %s', (address, words) => {
    expect(refusedAddressReason(address)).toContain(words);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedAddressReason(address)).toBeNull();
    },
  );

  it('knows an address written out from a name', () => {
    expect(isAddressLiteral('[::1]')).toBe(true);
    expect(isAddressLiteral('10.0.0.1')).toBe(true);
    expect(isAddressLiteral('example.com')).toBe(false);
  });
});

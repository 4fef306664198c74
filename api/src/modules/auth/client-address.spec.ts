import { throttledAddress } from './client-address.js';

describe('throttledAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:9', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:3:4:5.6.7.8', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (ip, counted) => {
    expect(throttledAddress(ip)).toBe(counted);
  });

  it('counts every address of one IPv6 /64 as one, and neighbouring /64s apart', () => {
    expect(throttledAddress('2001:db8:aa:bb::1')).toBe(throttledAddress('2001:db8:aa:bb:ffff:1234:5678:9abc'));
    expect(throttledAddress('2001:db8:aa:bb::1')).not.toBe(throttledAddress('2001:db8:aa:bc::1'));
  });
});

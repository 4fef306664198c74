import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address the sign-in limits count a client under. IPv4 addresses (also written IPv4-mapped, as a
 * dual-stack socket reports them) count one by one; IPv6 addresses by their /64, since one home or
 * phone is usually given a whole /64 and could otherwise change address between guesses.
 */
export function throttledAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])));
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

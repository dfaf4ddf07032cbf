/**
 * Whose requests and connections count together: an IPv4 address, or an IPv6 address's /64 (one
 * subscriber's network, where every device picks its own address).
 */
export function addressKeyOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  if (/^::ffff:\d/i.test(ip)) return ip.slice(7);
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back] : front;
  return groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':') + '::/64';
}

// Which budget an address spends. An IPv4 address is one client. An IPv6 host is
// routinely handed a whole /64 (SLAAC, privacy addresses, RFC 6177 end-site prefixes), so keying
// by the full /128 gives one machine 2^64 budgets: every IPv6 address is grouped by its /64.
import net from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (with an embedded IPv4 tail); null otherwise. */
function ipv6Groups(ip: string): number[] | null {
  if (!net.isIPv6(ip)) return null;
  let text = ip.split('%')[0]!; // a zone index names an interface, not an address
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/** The budget key of a client address: IPv4 (also IPv4-mapped IPv6) as written, IPv6 as its /64
 * (`2001:db8:1:2::/64`); anything else unchanged. */
export function addressKey(ip: string): string {
  if (ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7))) return ip.slice(7);
  const g = ipv6Groups(ip);
  if (!g) return ip;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The network a client address belongs to, for the caps kept per network as well as per
 * address: IPv4 (also IPv4-mapped) as its /24 (`203.0.113.0/24`), IPv6 as its /48
 * (`2001:db8:1::/48`, an end site's usual allocation). One operator's block of addresses is then
 * one budget, so a flood from many addresses of one network cannot take what other networks'
 * players need; anything that is not an address is its own network. Takes an address or the
 * key `addressKey` made of one (an IPv6 `…::/64`). */
export function prefixKey(address: string): string {
  const ip = address.endsWith('::/64') ? address.slice(0, -3) : address;
  const v4 = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return `${v4.slice(0, v4.lastIndexOf('.'))}.0/24`;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  return `${g
    .slice(0, 3)
    .map((x) => x.toString(16))
    .join(':')}::/48`;
}

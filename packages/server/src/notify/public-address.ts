// Where the server may POST a push: a subscription's endpoint is chosen by whoever
// subscribes, so its host name could resolve to this server's own network (loopback, a private
// range, the cloud metadata address) and turn each notice into a request an attacker aims inside.
// The schema refuses IP literals and localhost; this refuses the ADDRESSES a name resolves to, at
// connect time (the lookup the socket itself uses), so a name that changes its answer between the
// check and the request (DNS rebinding) is caught too.
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  // IPv4-mapped IPv6 is judged as the IPv4 address it carries (BlockList would also match every
  // IPv4 address against a ::ffff:0:0/96 rule, so there is none)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !NOT_PUBLIC.check(mapped[1]!, 'ipv4');
  return !NOT_PUBLIC.check(address, 'ipv6');
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** A socket `lookup` that answers only with public addresses: if any address the name resolves
 * to is not public the connection fails (a name pointing inside is refused whole). `resolve` is
 * the system's resolver; tests pass their own. */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (host, options, callback) => {
    resolve(host).then(
      (all) => {
        const bad = all.find((a) => !isPublicAddress(a.address));
        if (!all.length || bad) {
          const e = Object.assign(new Error(`push endpoint ${host} is not on the public internet`), {
            code: 'ENOTPUBLIC',
          });
          callback(e, '', 0);
          return;
        }
        if (options.all) callback(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };
}

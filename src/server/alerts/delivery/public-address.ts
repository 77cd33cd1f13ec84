/**
 * Which addresses a webhook may reach. A webhook URL is typed by an organisation's admin, and Sextant calls
 * it from inside the operator's network: without this check it could probe the database, cloud metadata
 * (169.254.169.254) or any internal service (server-side request forgery, OWASP SSRF Prevention Cheat Sheet).
 * Only public unicast addresses are allowed unless `WEBHOOK_ALLOW_PRIVATE=on`. The check is made on the
 * address the host name resolves to at send time, and the connection goes to that very address (the
 * `lookup` below), so a name that resolves to a public address when saved and to 127.0.0.1 later (DNS
 * rebinding) is refused too.
 */
import dns from "node:dns";
import net from "node:net";

/**
 * The special-purpose ranges of the IANA IPv4 and IPv6 registries (RFC 6890 and updates) that are not public.
 * IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry (no ::ffff:0:0/96 rule: a BlockList
 * applies IPv6 rules to IPv4 addresses through that very mapping, so it would refuse every IPv4 address).
 */
const NON_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses, private ones included
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds any IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether `address` (an IP literal) is a public unicast address. Anything not an IP is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const v4 = net.isIPv4(bare) ? bare : mappedIpv4(bare);
  if (v4) return !NON_PUBLIC.check(v4, "ipv4");
  if (!net.isIPv6(bare)) return false;
  return !NON_PUBLIC.check(bare, "ipv6");
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      `${host} resolves to ${address}, a private, loopback or reserved address (allowed only with WEBHOOK_ALLOW_PRIVATE=on)`,
    );
  }
}

type LookupResult = { address: string; family: number };

/** Every address `host` resolves to (an IP literal resolves to itself). Rejects when it does not resolve. */
export async function resolveHost(host: string): Promise<LookupResult[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  const family = net.isIP(bare);
  if (family) return [{ address: bare, family }];
  return dns.promises.lookup(bare, { all: true, verbatim: true });
}

/**
 * Resolves `host` and refuses it unless every address is public (or private ones are allowed). Every one,
 * not the first: a name with one public and one private address would otherwise reach the private one.
 */
export async function resolvePublicHost(host: string, allowPrivate: boolean): Promise<LookupResult[]> {
  const addresses = await resolveHost(host);
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) throw new PrivateAddressError(host, refused.address);
  }
  return addresses;
}

/**
 * A `lookup` for http.request that resolves through `resolvePublicHost`: the socket connects to the checked
 * address, so nothing can change between the check and the connection.
 */
export function publicOnlyLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicHost(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(new Error(`${hostname} has no IPv${wanted} address`), "", 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, a: LookupResult[]) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, "", 0),
    );
  };
}

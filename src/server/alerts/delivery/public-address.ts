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
import ipaddr from "ipaddr.js";

/**
 * The special-purpose ranges of the IANA IPv4 and IPv6 registries (RFC 6890 and updates) that are not public.
 * The IPv6 forms that carry an IPv4 address are read before these (`embeddedIpv4`), so no rule here covers
 * them: a BlockList applies IPv6 rules to IPv4 addresses through the ::ffff:0:0/96 mapping, so such a rule would
 * refuse every IPv4 address.
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
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): translated inside the operator's network
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // SRv6 SIDs (RFC 9602)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated by RFC 3879, still routed inside some networks)
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, "ipv6");
}

const zero = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
const dotted = (bytes: number[]) => bytes.join(".");

/**
 * The IPv4 address an IPv6 address carries, in the forms that reach it: IPv4-mapped (::ffff:a.b.c.d, a
 * dual-stack socket's view of IPv4), NAT64 (64:ff9b::a.b.c.d, RFC 6052: what DNS64 answers for an IPv4-only
 * host) and 6to4 (2002:aabb:ccdd::/48, RFC 3056). 'refused' for the forms with no public use whatever they
 * carry: IPv4-compatible (::a.b.c.d, deprecated by RFC 4291; :: and ::1 among them) and IPv4-translated
 * (::ffff:0:a.b.c.d, RFC 6145, a translator's inside view). null for any other address.
 */
function embeddedIpv4(bytes: number[]): string | "refused" | null {
  if (zero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dotted(bytes.slice(12));
  if (zero(bytes, 0, 12)) return "refused";
  if (zero(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(bytes, 10, 12)) return "refused";
  const nat64 = bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b;
  if (nat64 && zero(bytes, 4, 12)) return dotted(bytes.slice(12));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(bytes.slice(2, 6));
  return null;
}

/**
 * Whether `address` (an IP literal, bracketed or not, with or without an IPv6 zone) is a public unicast
 * address. Anything not an IP is not. IPv6 is parsed to its bytes (ipaddr.js), not matched as text: each
 * spelling of one address (`::127.0.0.1`, `::7f00:1`, `0:0:0:0:0:0:7f00:1`) is one address here.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!net.isIP(bare) || !ipaddr.isValid(bare)) return false;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === "ipv4") return !NON_PUBLIC.check(ip.toString(), "ipv4");
  const v6 = ip as ipaddr.IPv6;
  const v4 = embeddedIpv4(v6.toByteArray());
  if (v4 === "refused") return false;
  if (v4 !== null) return !NON_PUBLIC.check(v4, "ipv4");
  return !NON_PUBLIC.check(v6.toNormalizedString(), "ipv6");
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

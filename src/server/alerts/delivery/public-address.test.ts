import { describe, expect, it } from "vitest";
import { isPublicAddress, PrivateAddressError, resolvePublicHost } from "./public-address";

describe("isPublicAddress: only public unicast addresses may be reached by a webhook", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private (RFC 1918)"],
    ["172.16.0.1", "private (RFC 1918)"],
    ["172.31.255.255", "private (RFC 1918)"],
    ["192.168.1.10", "private (RFC 1918)"],
    ["169.254.169.254", "link-local, cloud metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "this network"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "documentation"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fd12:3456::1", "IPv6 unique local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata address"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["[::1]", "bracketed IPv6 loopback"],
    ["localhost", "not an IP literal"],
  ])("%s is refused (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["172.32.0.1"],
    ["100.128.0.1"],
    ["2606:4700:4700::1111"],
    ["::ffff:8.8.8.8"],
  ])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("resolvePublicHost", () => {
  it("refuses a loopback literal unless private addresses are allowed", async () => {
    await expect(resolvePublicHost("127.0.0.1", false)).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(resolvePublicHost("[::1]", false)).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(resolvePublicHost("127.0.0.1", true)).resolves.toEqual([
      { address: "127.0.0.1", family: 4 },
    ]);
  });

  it("refuses a name that resolves to loopback (the check is on the resolved address)", async () => {
    await expect(resolvePublicHost("localhost", false)).rejects.toBeInstanceOf(PrivateAddressError);
  });
});

/**
 * Issue 30 finding 9: IPv6 spellings that carry an IPv4 address (`[::127.0.0.1]`, `[::7f00:1]`,
 * `[::ffff:0:7f00:1]`) passed the check. Each form a webhook URL can take, read as the webhook check reads it
 * (the URL's host name, resolved), so the URL parser's normalisation (octal, hex, decimal IPv4; compressed
 * IPv6) is part of what is tested.
 */
describe("webhook hosts in the forms SSRF checks see", () => {
  const REFUSED = [
    // IPv4 loopback, private and metadata, in the spellings URL parsers accept
    "127.0.0.1",
    "127.1",
    "127.0.1",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "0x7f000001",
    "2130706433",
    "017700000001",
    "127.000.000.001",
    "0",
    "0.0.0.0",
    "169.254.169.254",
    "0xa9fea9fe",
    "2852039166",
    "0251.0376.0251.0376",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.0.1",
    "localhost",
    "localhost.",
    // IPv6 loopback and unspecified
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::]",
    // IPv4-mapped (::ffff:0:0/96)
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:127.0.0.1]",
    "[::ffff:169.254.169.254]",
    "[::ffff:10.0.0.1]",
    // IPv4-compatible (::/96, deprecated by RFC 4291)
    "[::127.0.0.1]",
    "[::7f00:1]",
    "[::8.8.8.8]",
    // IPv4-translated (::ffff:0:0:0/96, RFC 6145)
    "[::ffff:0:7f00:1]",
    "[::ffff:0:127.0.0.1]",
    "[::ffff:0:808:808]",
    // NAT64 (64:ff9b::/96, RFC 6052) and local-use NAT64 (64:ff9b:1::/48, RFC 8215)
    "[64:ff9b::127.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b::a9fe:a9fe]",
    "[64:ff9b:1::808:808]",
    // 6to4 (2002::/16) of loopback, metadata, private
    "[2002:7f00:1::]",
    "[2002:a9fe:a9fe::1]",
    "[2002:c0a8:1::1]",
    // unique local, link-local, site-local, multicast, documentation, discard, Teredo
    "[fc00::1]",
    "[fd00:ec2::254]",
    "[fe80::1]",
    "[febf::1]",
    "[fec0::1]",
    "[ff02::1]",
    "[2001:db8::1]",
    "[3fff::1]",
    "[100::1]",
    "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
  ];
  const hostOf = (form: string) => new URL(`http://${form}/hook`).hostname;

  it.each(REFUSED)("http://%s/ is refused", async (form) => {
    const check = resolvePublicHost(hostOf(form), false);
    // a name that does not resolve here (localhost. on some systems) is refused as unresolvable instead
    if (form.startsWith("localhost")) await expect(check).rejects.toThrow();
    else await expect(check).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it.each([
    "8.8.8.8",
    "[2606:4700:4700::1111]",
    "[::ffff:8.8.8.8]",
    // NAT64 and 6to4 of a public address: what DNS64 answers for an IPv4-only host on an IPv6-only network
    "[64:ff9b::808:808]",
    "[2002:808:808::1]",
  ])("http://%s/ is public", async (form) => {
    await expect(resolvePublicHost(hostOf(form), false)).resolves.toHaveLength(1);
  });

  it.each([
    ["::127.0.0.1"],
    ["::ffff:0:127.0.0.1"],
    ["0:0:0:0:ffff:0:7f00:1"],
    ["fe80::1%eth0"],
    ["FE80::1"],
    ["::FFFF:7F00:1"],
  ])("the literal %s (as a name server or a caller may spell it) is refused", (literal) => {
    expect(isPublicAddress(literal)).toBe(false);
  });
});

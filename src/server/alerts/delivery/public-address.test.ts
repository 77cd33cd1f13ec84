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

import ipaddr from 'ipaddr.js';
// Global unicast space as allocated by IANA. An allow-list is safer than enumerating
// what is forbidden: ipaddr.js calls anything it has no name for 'unicast', including
// e.g. the deprecated IPv4-compatible form ::7f00:1, which some stacks still route to
// 127.0.0.1.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');
function isPublicV4(ip) {
    return ip.range() === 'unicast';
}
function embeddedV4(parts, hiIndex) {
    const hi = parts[hiIndex];
    const lo = parts[hiIndex + 1];
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}
function isPublicV6(ip) {
    const range = ip.range();
    // Forms that carry an IPv4 address which the kernel or a translator will end up
    // contacting: judge the IPv4 address, never the wrapper.
    if (range === 'ipv4Mapped' || range === 'rfc6145')
        return isPublicV4(embeddedV4(ip.parts, 6));
    if (ip.match(NAT64_WELL_KNOWN, 96))
        return isPublicV4(embeddedV4(ip.parts, 6));
    if (range === '6to4')
        return isPublicV4(embeddedV4(ip.parts, 1));
    // Everything else, including the NAT64 local-use prefix 64:ff9b:1::/48 (translated to
    // whatever the operator configured) and Teredo (tunnels through an arbitrary IPv4
    // server), is refused unless it is plain global unicast.
    return range === 'unicast' && ip.match(GLOBAL_UNICAST_V6, 3);
}
/**
 * True only when `address` (an IPv4 or IPv6 literal without brackets, as returned by
 * dns.lookup) is public unicast. Unparseable input is never public.
 */
export function isPublicUnicast(address) {
    // Strict parse: dotted-quad decimal only for IPv4. Hex/octal/short forms have already
    // been normalised by the WHATWG URL parser before we get here; anything else odd is
    // refused rather than interpreted.
    let ip;
    if (ipaddr.IPv4.isValidFourPartDecimal(address))
        ip = ipaddr.IPv4.parse(address);
    else if (ipaddr.IPv6.isValid(address))
        ip = ipaddr.IPv6.parse(address);
    else
        return false;
    if (ip.kind() === 'ipv4')
        return isPublicV4(ip);
    const v6 = ip;
    // A zone id means link-scoped addressing; no public address needs one.
    if (v6.zoneId)
        return false;
    return isPublicV6(v6);
}
/**
 * If the URL's host is an IP literal, returns it (unbracketed) with its family.
 * Relies on `url.hostname` coming from the WHATWG parser, which already turned
 * `127.1`, `0`, `017700000001` and `0x7f.1` into dotted-quad form.
 */
export function ipLiteralOf(url) {
    const host = url.hostname;
    if (host.startsWith('[') && host.endsWith(']'))
        return { address: host.slice(1, -1), family: 6 };
    if (ipaddr.IPv4.isValidFourPartDecimal(host))
        return { address: host, family: 4 };
    return null;
}
//# sourceMappingURL=address-policy.js.map
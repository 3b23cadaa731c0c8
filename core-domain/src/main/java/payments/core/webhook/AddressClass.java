package payments.core.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * What kind of network an IP address belongs to, for deciding where a webhook may be delivered. An IPv6 address that
 * carries an IPv4 one (mapped, NAT64, 6to4) is the kind of the address it carries, so none slips past as IPv6.
 */
public enum AddressClass {
    PUBLIC("a public address"),
    LOOPBACK("a loopback address"),
    PRIVATE("a private address"),
    LINK_LOCAL("a link-local address"),
    METADATA("a cloud metadata address"),
    MULTICAST("a multicast address"),
    UNSPECIFIED("an unspecified address"),
    RESERVED("a reserved address");

    private final String description;

    AddressClass(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public static AddressClass of(InetAddress address) {
        byte[] b = address.getAddress();
        return address instanceof Inet6Address ? ofV6(b) : ofV4(b);
    }

    private static AddressClass ofV4(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        int a2 = b[2] & 0xff;
        int a3 = b[3] & 0xff;
        if (a0 == 169 && a1 == 254) {
            return a2 == 169 && a3 == 254 ? METADATA : LINK_LOCAL;
        }
        if (a0 == 100 && a1 == 100 && a2 == 100 && a3 == 200) {
            return METADATA; // Alibaba Cloud's, inside the shared address space
        }
        if (a0 == 127) {
            return LOOPBACK;
        }
        if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168)
                || (a0 == 100 && (a1 & 0xc0) == 64)) {
            return PRIVATE; // RFC 1918, and the carrier-grade NAT space (RFC 6598)
        }
        if (a0 == 0) {
            return UNSPECIFIED;
        }
        if (a0 >= 224 && a0 <= 239) {
            return MULTICAST;
        }
        if (a0 >= 240 || (a0 == 192 && a1 == 0 && (a2 == 0 || a2 == 2)) || (a0 == 198 && (a1 & 0xfe) == 18)
                || (a0 == 198 && a1 == 51 && a2 == 100) || (a0 == 203 && a1 == 0 && a2 == 113)
                || (a0 == 192 && a1 == 88 && a2 == 99)) {
            return RESERVED; // future use and broadcast, IETF, benchmarking, documentation, 6to4 relay
        }
        return PUBLIC;
    }

    private static AddressClass ofV6(byte[] b) {
        if (isZero(b, 0, 15)) {
            return b[15] == 0 ? UNSPECIFIED : b[15] == 1 ? LOOPBACK : RESERVED;
        }
        if (isZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return ofV4(new byte[] {b[12], b[13], b[14], b[15]}); // IPv4-mapped
        }
        if (isZero(b, 0, 12)) {
            return RESERVED; // IPv4-compatible, deprecated
        }
        int w0 = ((b[0] & 0xff) << 8) | (b[1] & 0xff);
        int w1 = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        if (w0 == 0x0064 && w1 == 0xff9b) {
            return ofV4(new byte[] {b[12], b[13], b[14], b[15]}); // NAT64
        }
        if (w0 == 0x2002) {
            return ofV4(new byte[] {b[2], b[3], b[4], b[5]}); // 6to4
        }
        if (w0 == 0xfd00 && w1 == 0x0ec2 && isZero(b, 4, 14) && b[14] == 0x02 && b[15] == 0x54) {
            return METADATA; // AWS's fd00:ec2::254
        }
        if ((b[0] & 0xfe) == 0xfc) {
            return PRIVATE; // unique local fc00::/7
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80) {
            return LINK_LOCAL; // fe80::/10
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
            return PRIVATE; // site-local fec0::/10, deprecated
        }
        if ((b[0] & 0xff) == 0xff) {
            return MULTICAST;
        }
        if ((w0 == 0x2001 && w1 == 0x0db8) || (w0 == 0x2001 && w1 == 0x0000) || w0 == 0x0100
                || (b[0] & 0xe0) != 0x20) {
            return RESERVED; // documentation, Teredo, discard-only, and everything outside global unicast 2000::/3
        }
        return PUBLIC;
    }

    private static boolean isZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** An IP literal's address, without a DNS lookup; null for anything else (a host name). */
    public static InetAddress literal(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        boolean v4 = h.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
        boolean v6 = h.contains(":") && h.matches("[0-9a-fA-F:.]+");
        if (!v4 && !v6) {
            return null;
        }
        try {
            InetAddress address = InetAddress.getByName(h); // a literal: parsed, never looked up
            return v4 == (address instanceof Inet4Address) || v6 ? address : null;
        } catch (UnknownHostException e) {
            return null;
        }
    }
}

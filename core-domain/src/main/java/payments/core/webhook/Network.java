package payments.core.webhook;

import java.net.InetAddress;

/** A block of IP addresses in CIDR notation ({@code 10.1.0.0/16}, {@code fd00::/8}). */
public record Network(InetAddress base, int prefixLength) {
    /** The block {@code cidr} names; IllegalArgumentException (saying why) for anything else. */
    public static Network parse(String cidr) {
        int slash = cidr.indexOf('/');
        InetAddress base = AddressClass.literal(slash < 0 ? cidr : cidr.substring(0, slash));
        if (base == null) {
            throw new IllegalArgumentException("not an IP network: " + cidr);
        }
        int bits = base.getAddress().length * 8;
        String prefixText = slash < 0 ? null : cidr.substring(slash + 1);
        if (prefixText != null && !prefixText.matches("[0-9]{1,3}")) {
            throw new IllegalArgumentException("not an IP network: " + cidr);
        }
        int prefix = prefixText == null ? bits : Integer.parseInt(prefixText);
        if (prefix > bits) {
            throw new IllegalArgumentException("not an IP network: " + cidr);
        }
        return new Network(base, prefix);
    }

    public boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        byte[] b = base.getAddress();
        if (a.length != b.length) {
            return false;
        }
        int whole = prefixLength / 8;
        for (int i = 0; i < whole; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        int mask = (0xff << (8 - rest)) & 0xff;
        return rest == 0 || (a[whole] & mask) == (b[whole] & mask);
    }

    @Override
    public String toString() {
        return base.getHostAddress() + "/" + prefixLength;
    }
}

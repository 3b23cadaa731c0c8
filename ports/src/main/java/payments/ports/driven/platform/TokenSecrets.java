package payments.ports.driven.platform;

/** Makes API token secrets and checks them against their stored hash (in constant time). */
public interface TokenSecrets {
    String newSecret();

    byte[] hash(String secret);

    boolean matches(String secret, byte[] hash);

    /** {@link #hash} in lowercase hex: the key a link's or a code's row is found by. */
    default String hashHex(String secret) {
        return java.util.HexFormat.of().formatHex(hash(secret));
    }
}

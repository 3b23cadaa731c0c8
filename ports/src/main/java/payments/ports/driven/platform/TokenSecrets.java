package payments.ports.driven.platform;

/** Makes API token secrets and checks them against their stored hash (in constant time). */
public interface TokenSecrets {
    String newSecret();

    byte[] hash(String secret);

    boolean matches(String secret, byte[] hash);
}

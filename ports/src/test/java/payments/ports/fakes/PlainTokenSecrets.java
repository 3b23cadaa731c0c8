package payments.ports.fakes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import payments.ports.driven.platform.TokenSecrets;

/** Secrets {@code secret-1}, {@code secret-2}, ...; the "hash" is the secret's bytes behind a marker. */
public final class PlainTokenSecrets implements TokenSecrets {
    private int next = 1;

    @Override
    public String newSecret() {
        return "secret-" + next++;
    }

    @Override
    public byte[] hash(String secret) {
        return ("hash:" + secret).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean matches(String secret, byte[] hash) {
        return secret != null && Arrays.equals(hash(secret), hash);
    }
}

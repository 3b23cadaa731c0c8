package payments.adapter.sandbox;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.core.error.NotImplemented;
import payments.core.platform.Environment;
import payments.ports.driven.uma.UmaNetwork;

/**
 * The sandbox's UMA receivers at the sandbox UMA domain (reference/sandbox.md): {@code $success.usd},
 * {@code $success.eur}, {@code $success.mxn}, {@code $pending.long.usd} and {@code $fail.compliance.usd}. Each asks
 * the payer for FULL_NAME (mandatory) and NATIONALITY (optional). Any address at that domain may send.
 */
public final class SandboxUmaNetwork implements UmaNetwork {
    private static final List<Map<String, Object>> PAYER_DATA = List.of(
            Map.of("name", "FULL_NAME", "mandatory", true),
            Map.of("name", "NATIONALITY", "mandatory", false));
    private static final Map<String, String> RECEIVERS = Map.of(
            "success.usd", "USD",
            "success.eur", "EUR",
            "success.mxn", "MXN",
            "pending.long.usd", "USD",
            "fail.compliance.usd", "USD");

    private final String domain;

    public SandboxUmaNetwork(String domain) {
        this.domain = domain;
    }

    @Override
    public Optional<Receiver> receiver(Environment environment, String umaAddress) {
        requireSandbox(environment);
        return scenario(umaAddress).map(RECEIVERS::get)
                .map(currency -> new Receiver(umaAddress, List.of(currency), PAYER_DATA));
    }

    @Override
    public boolean isKnownSender(Environment environment, String umaAddress) {
        requireSandbox(environment);
        return umaAddress.endsWith("@" + domain);
    }

    /** The scenario name of a sandbox receiver address ({@code success.usd}), if it is one. */
    Optional<String> scenario(String umaAddress) {
        String suffix = "@" + domain;
        if (!umaAddress.startsWith("$") || !umaAddress.endsWith(suffix)) {
            return Optional.empty();
        }
        String name = umaAddress.substring(1, umaAddress.length() - suffix.length());
        return RECEIVERS.containsKey(name) ? Optional.of(name) : Optional.empty();
    }

    static void requireSandbox(Environment environment) {
        if (environment != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No UMA network is connected for production platforms yet");
        }
    }
}

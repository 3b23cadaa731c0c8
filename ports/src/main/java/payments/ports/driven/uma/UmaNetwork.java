package payments.ports.driven.uma;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.core.platform.Environment;

/** The UMA network as seen from this service: who is behind an address, and what they require of payers. */
public interface UmaNetwork {
    Optional<Receiver> receiver(Environment environment, String umaAddress);

    /** Whether an address can send to this service's customers (the sandbox's simulated senders). */
    boolean isKnownSender(Environment environment, String umaAddress);

    /**
     * @param currencies              currency codes the receiver accepts
     * @param requiredPayerDataFields {@code {name, mandatory}} items (CustomerInfoFieldName)
     */
    record Receiver(String umaAddress, List<String> currencies, List<Map<String, Object>> requiredPayerDataFields) {
    }
}

package payments.adapter.sandbox;

import java.util.Arrays;
import java.util.List;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.platform.Environment;
import payments.core.uma.UmaProvider;
import payments.ports.driven.uma.UmaProviders;

/**
 * The sandbox's UMA directory: the sandbox UMA domain (whose test receivers {@link SandboxUmaNetwork} answers) and
 * five fictional providers on {@code .example} domains, with well-formed (ISO 17442) but fictional LEIs. Every
 * platform's allow list holds every provider except {@value #BLOCKED}, so that a platform can see
 * {@code hasBlockedProviders=false} at work. Production platforms are connected to no UMA network yet, so their
 * directory is empty.
 */
public final class SandboxUmaProviders implements UmaProviders {
    static final String BLOCKED = "driftwood.example";

    private final List<UmaProvider> providers;

    public SandboxUmaProviders(String sandboxUmaDomain) {
        providers = List.of(
                provider("Sandbox UMA", sandboxUmaDomain, null, "5493001SANDBOXUMA088",
                        List.of("US", "MX", "GB", "DE", "FR", "ES"), "USD", "EUR", "MXN"),
                provider("Northwind Wallet", "northwind.example", "https://northwind.example/logo.png",
                        "5493002NORTHWIND0082", List.of("US", "CA"), "USD", "CAD", "BTC"),
                provider("Pampa Pagos", "pampa.example", "https://pampa.example/logo.png", "5493003PAMPAPAGOS084",
                        List.of("MX", "BR", "CO"), "MXN", "BRL", "COP", "USDC"),
                provider("Savanna Money", "savanna.example", "https://savanna.example/logo.png",
                        "5493004SAVANNAMNY059", List.of("NG", "KE", "GH"), "NGN", "KES", "GHS", "USDT"),
                provider("Lotus Remit", "lotus.example", "https://lotus.example/logo.png", "5493005LOTUSREMIT055",
                        List.of("IN", "PH", "SG"), "INR", "PHP", "SGD"),
                provider("Driftwood Exchange", BLOCKED, "https://driftwood.example/logo.png",
                        "5493006DRIFTWOOD0050", List.of("GB", "DE", "FR"), "GBP", "EUR", "BTC"));
    }

    @Override
    public List<UmaProvider> providers(PlatformId platform, Environment environment) {
        return environment == Environment.SANDBOX ? providers : List.of();
    }

    private static UmaProvider provider(String name, String domain, String logoUrl, String lei, List<String> regions,
                                        String... currencies) {
        return new UmaProvider(name, regions, domain, logoUrl,
                Arrays.stream(currencies).map(Currencies::of).toList(), lei, !domain.equals(BLOCKED));
    }
}

package payments.adapter.sandbox;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.error.NotImplemented;
import payments.core.error.Unavailable;
import payments.core.id.EntityId;
import payments.core.platform.Environment;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinNetwork;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.ports.driven.stablecoin.StablecoinProvider;

/**
 * The sandbox's stablecoin issuer (docs/SANDBOX.md). It keeps nothing: what it decided is written into the
 * references it hands out (the scenario and the platform's time of the order), and each status is a function of
 * that reference and the platform's clock, so a sandbox clock advance moves everything on.
 *
 * <ul>
 *   <li>Credentials: an {@code apiClientSecret} ending {@code _invalid} or {@code _revoked} is INVALID or REVOKED,
 *   one ending {@code _down} finds the provider down (503); an {@code apiClientId} ending {@code _multi} reaches
 *   three accounts, any other one ({@code acct_<hash of the client id>}).</li>
 *   <li>Tokens: every token is "Sandbox USD" ({@value #SYMBOL}, 6 decimals, pegged to USD); a
 *   {@code providerTokenIdentifier} ending {@code _unknown} is none (400), {@code _down} finds the provider down,
 *   {@code _rejected} is REJECTED after review, {@code _failed} FAILED while provisioning. Review takes
 *   {@value #STEP_SECONDS} s, provisioning as long.</li>
 *   <li>Mints and burns, by the last three digits of the amount in cents of its fiat: {@code 503} finds the provider
 *   down (nothing is made), {@code 002} fails at the provider, {@code 003} never receives its funds (a wire mint or
 *   an external-account burn EXPIRES after a day; any other fails, its debit returned). Funds waited for arrive after
 *   {@value #STEP_SECONDS} s; processing takes as long again.</li>
 * </ul>
 * Production platforms have no provider connected yet: 501.
 */
public final class SandboxStablecoinProvider implements StablecoinProvider {
    static final String SYMBOL = "SBUSD";
    static final long STEP_SECONDS = 60;
    static final long FUNDING_WINDOW_SECONDS = 24 * 3600;
    private static final String SEPARATOR = ":";

    @Override
    public CredentialCheck verify(Environment environment, Credentials credentials) {
        requireSandbox(environment);
        String secret = credentials.apiClientSecret();
        if (secret.endsWith("_down")) {
            throw down();
        }
        ProviderAccountStatus status = secret.endsWith("_invalid") ? ProviderAccountStatus.INVALID
                : secret.endsWith("_revoked") ? ProviderAccountStatus.REVOKED : ProviderAccountStatus.ACTIVE;
        String account = "acct_" + hex(credentials.apiClientId()).substring(0, 12);
        return new CredentialCheck(status, credentials.apiClientId().endsWith("_multi")
                ? List.of(account + "_1", account + "_2", account + "_3") : List.of(account));
    }

    @Override
    public RegisteredToken registerToken(Access access, String providerTokenIdentifier, StablecoinNetwork network,
                                         String networkTokenIdentifier, Instant at) {
        requireSandbox(access.environment());
        if (providerTokenIdentifier.endsWith("_down")) {
            throw down();
        }
        if (providerTokenIdentifier.endsWith("_unknown")) {
            throw InvalidFields.of("providerTokenIdentifier", "is not a token of provider account "
                    + access.providerAccountId());
        }
        String scenario = providerTokenIdentifier.endsWith("_rejected") ? "rejected"
                : providerTokenIdentifier.endsWith("_failed") ? "failed" : "ok";
        return new RegisteredToken(new Stablecoin.Token("Sandbox USD", SYMBOL, "USD", 6),
                reference("token", scenario, at, hex(providerTokenIdentifier).substring(0, 16)), STEP_SECONDS);
    }

    @Override
    public TokenProgress tokenStatus(Access access, String reference, Instant at) {
        requireSandbox(access.environment());
        Reference r = Reference.parse(reference);
        long elapsed = r.elapsed(at);
        if (elapsed < STEP_SECONDS) {
            return new TokenProgress(IssuanceStatus.PENDING_REVIEW, STEP_SECONDS - elapsed);
        }
        if (r.scenario().equals("rejected")) {
            return new TokenProgress(IssuanceStatus.REJECTED, 0);
        }
        if (elapsed < 2 * STEP_SECONDS) {
            return new TokenProgress(IssuanceStatus.PROVISIONING, 2 * STEP_SECONDS - elapsed);
        }
        return new TokenProgress(r.scenario().equals("failed") ? IssuanceStatus.FAILED : IssuanceStatus.PROVISIONED,
                0);
    }

    @Override
    public Submitted mint(Access access, Order order, Instant at) {
        return submit(access, order, at, "WIRE".equals(order.sourceType()));
    }

    @Override
    public Submitted burn(Access access, Order order, Instant at) {
        return submit(access, order, at, "EXTERNAL_ACCOUNT".equals(order.sourceType()));
    }

    @Override
    public Progress status(Access access, String reference, Instant at) {
        requireSandbox(access.environment());
        Reference r = Reference.parse(reference);
        return progress(r.kind().equals("funded"), r.scenario(), r.elapsed(at));
    }

    /** An order taken; {@code awaitsFunds}: the provider waits for a wire or for the tokens to be sent. */
    private static Submitted submit(Access access, Order order, Instant at, boolean awaitsFunds) {
        requireSandbox(access.environment());
        String cents = String.format(Locale.ROOT, "%03d", order.fiatAmount());
        String scenario = switch (cents.substring(cents.length() - 3)) {
            case "503" -> throw down();
            case "002" -> "rejected";
            case "003" -> "unfunded";
            default -> "ok";
        };
        String reference = reference(awaitsFunds ? "funded" : "direct", scenario, at, order.operationId().toString());
        Map<String, Object> instructions = null;
        if (awaitsFunds) {
            instructions = order.type() == OperationType.MINT ? wire(order) : depositAddress(order);
        }
        return new Submitted(reference, progress(awaitsFunds, scenario, 0), instructions,
                awaitsFunds ? at.plusSeconds(FUNDING_WINDOW_SECONDS) : null,
                order.type() == OperationType.BURN ? delivery(order) : null);
    }

    /** How an order stands {@code elapsed} seconds after it was taken. */
    private static Progress progress(boolean awaitsFunds, String scenario, long elapsed) {
        if (awaitsFunds && scenario.equals("unfunded")) {
            return elapsed < FUNDING_WINDOW_SECONDS
                    ? new Progress(OperationStatus.PENDING_FUNDING, "AWAITING_FUNDS", null,
                    FUNDING_WINDOW_SECONDS - elapsed)
                    : new Progress(OperationStatus.EXPIRED, "EXPIRED", "FUNDING_EXPIRED", 0);
        }
        if (elapsed < STEP_SECONDS) {
            return awaitsFunds ? new Progress(OperationStatus.PENDING_FUNDING, "AWAITING_FUNDS", null,
                    STEP_SECONDS - elapsed)
                    : new Progress(OperationStatus.PENDING_PROVIDER, "QUEUED", null, STEP_SECONDS - elapsed);
        }
        if (elapsed < 2 * STEP_SECONDS) {
            return new Progress(OperationStatus.PROCESSING, "PROCESSING", null, 2 * STEP_SECONDS - elapsed);
        }
        return switch (scenario) {
            case "rejected" -> new Progress(OperationStatus.FAILED, "REJECTED", "PROVIDER_REJECTED", 0);
            case "unfunded" -> new Progress(OperationStatus.FAILED, "RETURNED", "FUNDING_FAILED", 0);
            default -> new Progress(OperationStatus.COMPLETED, "SETTLED", null, 0);
        };
    }

    /** Where a wire-funded mint's money goes: the issuer's bank account, with the order's reference. */
    private static Map<String, Object> wire(Order order) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("rail", "WIRE");
        wire.put("bankName", "Sandbox Issuer Bank");
        wire.put("accountNumber", digits(hex(order.operationId().toString()), 10));
        wire.put("routingNumber", "021000021");
        wire.put("reference", EntityId.reference("SC-", order.operationId()));
        wire.put("amount", Long.toString(order.fiatAmount()));
        wire.put("currency", order.baseCurrency());
        return wire;
    }

    /** Where an external-account burn's tokens go: a Spark deposit address for this order. */
    private static Map<String, Object> depositAddress(Order order) {
        Map<String, Object> deposit = new LinkedHashMap<>();
        deposit.put("network", StablecoinNetwork.SPARK.name());
        deposit.put("address", "sprt1sandbox" + hex(order.operationId().toString()).substring(0, 32));
        deposit.put("valueType", order.networkTokenIdentifier());
        return deposit;
    }

    private static Map<String, Object> delivery(Order order) {
        Map<String, Object> delivery = new LinkedHashMap<>();
        delivery.put("rail", order.payoutRail());
        delivery.put("amount", Long.toString(order.fiatAmount()));
        delivery.put("currency", order.baseCurrency());
        delivery.put("timing", switch (order.payoutRail()) {
            case "RTP_CREDIT" -> "seconds";
            case "ACH_CREDIT" -> "1-3 business days";
            default -> "same business day";
        });
        return delivery;
    }

    /** A reference that carries what the sandbox decided: {@code sbx:<kind>:<scenario>:<epoch second>:<id>}. */
    private static String reference(String kind, String scenario, Instant at, String id) {
        return String.join(SEPARATOR, "sbx", kind, scenario, Long.toString(at.getEpochSecond()), id);
    }

    private record Reference(String kind, String scenario, long startedAt) {
        static Reference parse(String reference) {
            String[] parts = reference.split(SEPARATOR);
            return new Reference(parts[1], parts[2], Long.parseLong(parts[3]));
        }

        long elapsed(Instant at) {
            return Math.max(0, at.getEpochSecond() - startedAt);
        }
    }

    private static void requireSandbox(Environment environment) {
        if (environment != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No stablecoin provider is connected for production "
                    + "platforms yet");
        }
    }

    private static Unavailable down() {
        return new Unavailable("The stablecoin provider is unavailable (sandbox); nothing was done, retry later", 30);
    }

    private static String hex(String text) {
        return UUID.nameUUIDFromBytes(text.getBytes(StandardCharsets.UTF_8)).toString().replace("-", "")
                + UUID.nameUUIDFromBytes((text + "#").getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
    }

    private static String digits(String hex, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; out.length() < count; i++) {
            out.append(Character.digit(hex.charAt(i % hex.length()), 16) % 10);
        }
        return out.toString();
    }
}

package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;
import payments.core.error.NotImplemented;
import payments.core.error.Unavailable;
import payments.core.platform.Environment;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.StablecoinNetwork;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.ports.driven.stablecoin.StablecoinProvider.Access;
import payments.ports.driven.stablecoin.StablecoinProvider.Credentials;
import payments.ports.driven.stablecoin.StablecoinProvider.Order;

/** The sandbox issuer's magic values and its time line, which follows the time each call is given. */
class SandboxStablecoinProviderTest {
    private static final Instant T0 = Instant.parse("2026-03-04T05:06:07Z");
    private final SandboxStablecoinProvider provider = new SandboxStablecoinProvider();
    private final Access access = new Access(Environment.SANDBOX, new Credentials("app", "secret"), "acct_1");

    @Test
    void credentials_are_judged_by_their_suffixes_and_name_the_accounts_they_reach() {
        var active = provider.verify(Environment.SANDBOX, new Credentials("app", "secret"));
        assertEquals(ProviderAccountStatus.ACTIVE, active.status());
        assertEquals(1, active.accountIds().size());
        assertEquals(active.accountIds(), provider.verify(Environment.SANDBOX, new Credentials("app", "other"))
                .accountIds());
        assertEquals(ProviderAccountStatus.INVALID, provider.verify(Environment.SANDBOX,
                new Credentials("app", "s_invalid")).status());
        assertEquals(ProviderAccountStatus.REVOKED, provider.verify(Environment.SANDBOX,
                new Credentials("app", "s_revoked")).status());
        assertEquals(3, provider.verify(Environment.SANDBOX, new Credentials("app_multi", "s")).accountIds().size());
        assertThrows(Unavailable.class, () -> provider.verify(Environment.SANDBOX, new Credentials("app", "s_down")));
        assertThrows(NotImplemented.class, () -> provider.verify(Environment.PRODUCTION,
                new Credentials("app", "secret")));
        assertTrue(new Credentials("app", "secret").toString().contains("hidden"));
        assertTrue(!new Credentials("app", "secret").toString().contains("secret"));
    }

    @Test
    void a_token_is_reviewed_for_a_minute_and_provisioned_in_another_unless_its_suffix_says_otherwise() {
        var token = provider.registerToken(access, "tok", StablecoinNetwork.SPARK, "btkn1", T0);
        assertEquals("SBUSD", token.token().symbol());
        assertEquals(6, token.token().decimals());
        assertEquals("USD", token.token().baseCurrency());
        assertEquals(60, token.nextCheckSeconds());
        assertEquals(IssuanceStatus.PENDING_REVIEW, provider.tokenStatus(access, token.reference(),
                T0.plusSeconds(59)).status());
        var provisioning = provider.tokenStatus(access, token.reference(), T0.plusSeconds(70));
        assertEquals(IssuanceStatus.PROVISIONING, provisioning.status());
        assertEquals(50, provisioning.nextCheckSeconds());
        assertEquals(IssuanceStatus.PROVISIONED, provider.tokenStatus(access, token.reference(),
                T0.plusSeconds(86_400)).status());

        var rejected = provider.registerToken(access, "t_rejected", StablecoinNetwork.SPARK, "b", T0);
        assertEquals(IssuanceStatus.REJECTED, provider.tokenStatus(access, rejected.reference(),
                T0.plusSeconds(60)).status());
        var failed = provider.registerToken(access, "t_failed", StablecoinNetwork.SPARK, "b", T0);
        assertEquals(IssuanceStatus.PROVISIONING, provider.tokenStatus(access, failed.reference(),
                T0.plusSeconds(60)).status());
        assertEquals(IssuanceStatus.FAILED, provider.tokenStatus(access, failed.reference(),
                T0.plusSeconds(120)).status());
        assertThrows(InvalidInput.class, () -> provider.registerToken(access, "t_unknown", StablecoinNetwork.SPARK,
                "b", T0));
        assertThrows(Unavailable.class, () -> provider.registerToken(access, "t_down", StablecoinNetwork.SPARK, "b",
                T0));
    }

    @Test
    void a_wire_mint_waits_for_its_funds_then_processes_then_settles() {
        var mint = provider.mint(access, order(OperationType.MINT, "WIRE", 250), T0);
        assertEquals(OperationStatus.PENDING_FUNDING, mint.progress().status());
        assertEquals("WIRE", mint.fundingInstructions().get("rail"));
        assertEquals("250", mint.fundingInstructions().get("amount"));
        assertEquals(T0.plusSeconds(86_400), mint.expiresAt());
        assertNull(mint.estimatedDelivery());
        assertEquals(OperationStatus.PROCESSING, provider.status(access, mint.reference(), T0.plusSeconds(60))
                .status());
        assertEquals(OperationStatus.COMPLETED, provider.status(access, mint.reference(), T0.plusSeconds(120))
                .status());
    }

    @Test
    void the_last_three_digits_of_the_cents_fail_expire_or_find_the_provider_down() {
        var rejected = provider.burn(access, order(OperationType.BURN, "PROVIDER_INTERNAL_BALANCE", 1_002), T0);
        assertEquals(OperationStatus.PENDING_PROVIDER, rejected.progress().status());
        var failed = provider.status(access, rejected.reference(), T0.plusSeconds(120));
        assertEquals(List.of(OperationStatus.FAILED, "PROVIDER_REJECTED"), List.of(failed.status(),
                failed.failureReason()));
        var unfunded = provider.burn(access, order(OperationType.BURN, "EXTERNAL_ACCOUNT", 3), T0);
        assertEquals("SPARK", unfunded.fundingInstructions().get("network"));
        assertEquals("1-3 business days", unfunded.estimatedDelivery().get("timing"));
        assertEquals(OperationStatus.PENDING_FUNDING, provider.status(access, unfunded.reference(),
                T0.plusSeconds(86_399)).status());
        assertEquals("FUNDING_EXPIRED", provider.status(access, unfunded.reference(), T0.plusSeconds(86_400))
                .failureReason());
        var returned = provider.mint(access, order(OperationType.MINT, "ACH_DEBIT", 7_003), T0);
        assertEquals("FUNDING_FAILED", provider.status(access, returned.reference(), T0.plusSeconds(120))
                .failureReason());
        assertThrows(Unavailable.class, () -> provider.mint(access, order(OperationType.MINT, "WIRE", 503), T0));
        assertThrows(Unavailable.class, () -> provider.burn(access, order(OperationType.BURN, "EXTERNAL_ACCOUNT",
                12_503), T0));
    }

    private static Order order(OperationType type, String source, long cents) {
        return new Order(UUID.randomUUID(), type, source, cents * 10_000, cents, "USD", "btkn1",
                type == OperationType.BURN ? "ACH_CREDIT" : null);
    }
}

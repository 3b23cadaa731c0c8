package payments.core.stablecoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.Conflict;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.core.stablecoin.operation.StablecoinOperation.Party;

/** The state machines of links, coins and operations, as pure rules. */
class StablecoinStatesTest {
    static final Instant T0 = Instant.parse("2026-01-02T03:04:05Z");
    static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());

    static Stablecoin coin(IssuanceStatus issuance, ServiceOperationsStatus service) {
        return new Stablecoin(UUID.randomUUID(), PLATFORM, UUID.randomUUID(),
                new Stablecoin.Token("Sandbox USD", "SBUSD", "USD", 6), StablecoinNetwork.SPARK, "btkn1", "tok",
                issuance, service, service == ServiceOperationsStatus.ENABLED ? "SBUSD" : null, Environment.SANDBOX,
                "ref", T0, T0);
    }

    @Test
    void issuance_moves_forward_and_may_skip_a_step_but_never_leaves_a_final_status() {
        assertEquals(EnumSet.of(IssuanceStatus.PROVISIONING, IssuanceStatus.PROVISIONED, IssuanceStatus.REJECTED,
                IssuanceStatus.FAILED), allowedFrom(IssuanceStatus.PENDING_REVIEW));
        assertEquals(EnumSet.of(IssuanceStatus.PROVISIONED, IssuanceStatus.FAILED),
                allowedFrom(IssuanceStatus.PROVISIONING));
        for (IssuanceStatus done : EnumSet.of(IssuanceStatus.PROVISIONED, IssuanceStatus.REJECTED,
                IssuanceStatus.FAILED)) {
            assertTrue(done.isFinal());
            assertEquals(EnumSet.noneOf(IssuanceStatus.class), allowedFrom(done));
        }
        Stablecoin provisioned = coin(IssuanceStatus.PENDING_REVIEW, ServiceOperationsStatus.NOT_ENABLED)
                .withIssuance(IssuanceStatus.PROVISIONED, T0.plusSeconds(120));
        assertEquals(T0.plusSeconds(120), provisioned.updatedAt());
        assertEquals(T0, provisioned.createdAt());
        assertThrows(IllegalStateException.class, () -> provisioned.withIssuance(IssuanceStatus.FAILED, T0));
    }

    @Test
    void service_operations_are_approved_then_enabled_and_only_then_have_a_currency() {
        Stablecoin coin = coin(IssuanceStatus.PROVISIONED, ServiceOperationsStatus.NOT_ENABLED);
        assertThrows(IllegalStateException.class, () -> coin.withServiceOperations(ServiceOperationsStatus.ENABLED,
                "SBUSD", T0));
        Stablecoin enabled = coin.withServiceOperations(ServiceOperationsStatus.PENDING_APPROVAL, null, T0)
                .withServiceOperations(ServiceOperationsStatus.ENABLING, null, T0)
                .withServiceOperations(ServiceOperationsStatus.ENABLED, "SBUSD", T0);
        assertEquals("SBUSD", enabled.requireServiceCurrency("destination.accountId"));
        assertTrue(ServiceOperationsStatus.ENABLED.canMoveTo(ServiceOperationsStatus.DISABLED));
        assertTrue(ServiceOperationsStatus.DISABLED.canMoveTo(ServiceOperationsStatus.ENABLING));
        assertFalse(ServiceOperationsStatus.PENDING_APPROVAL.canMoveTo(ServiceOperationsStatus.ENABLED));
        var refused = assertThrows(InvalidInput.class, () -> coin.requireServiceCurrency("source.accountId"));
        assertTrue(refused.details().toString().contains("source.accountId"), refused.details().toString());
    }

    @Test
    void only_a_provisioned_coin_takes_mints_and_burns() {
        assertEquals("CONFLICT", assertThrows(Conflict.class, () -> coin(IssuanceStatus.PROVISIONING,
                ServiceOperationsStatus.NOT_ENABLED).requireProvisioned()).code());
        Stablecoin provisioned = coin(IssuanceStatus.PROVISIONED, ServiceOperationsStatus.NOT_ENABLED);
        assertEquals(provisioned, provisioned.requireProvisioned());
    }

    @Test
    void an_operation_waits_then_processes_then_ends_once() {
        assertEquals(EnumSet.of(OperationStatus.PROCESSING, OperationStatus.COMPLETED, OperationStatus.FAILED,
                OperationStatus.EXPIRED), allowedFrom(OperationStatus.PENDING_FUNDING));
        assertEquals(EnumSet.of(OperationStatus.PROCESSING, OperationStatus.COMPLETED, OperationStatus.FAILED),
                allowedFrom(OperationStatus.PENDING_PROVIDER));
        assertEquals(EnumSet.of(OperationStatus.COMPLETED, OperationStatus.FAILED),
                allowedFrom(OperationStatus.PROCESSING));
        assertEquals(EnumSet.of(OperationStatus.PENDING_FUNDING, OperationStatus.PENDING_PROVIDER,
                OperationStatus.PROCESSING, OperationStatus.COMPLETED, OperationStatus.FAILED),
                allowedFrom(OperationStatus.CREATED));
        for (OperationStatus done : EnumSet.of(OperationStatus.COMPLETED, OperationStatus.FAILED,
                OperationStatus.EXPIRED)) {
            assertEquals(EnumSet.noneOf(OperationStatus.class), allowedFrom(done));
        }

        StablecoinOperation op = operation(OperationStatus.PENDING_FUNDING);
        StablecoinOperation failed = op.advanced(OperationStatus.FAILED, "REJECTED", "PROVIDER_REJECTED", T0);
        assertEquals("PROVIDER_REJECTED", failed.failureReason());
        assertThrows(IllegalStateException.class, () -> failed.advanced(OperationStatus.COMPLETED, "SETTLED", null,
                T0));
        // The same status with a new word from the provider; a reason only comes with a failure.
        StablecoinOperation same = op.advanced(OperationStatus.PENDING_FUNDING, "STILL_WAITING", "ignored", T0);
        assertEquals("STILL_WAITING", same.providerStatus());
        assertNull(same.failureReason());
    }

    @Test
    void a_link_takes_calls_only_while_active_and_a_rotation_keeps_its_last_verification_when_refused() {
        ProviderAccount active = new ProviderAccount(UUID.randomUUID(), PLATFORM, "acct_1", Environment.SANDBOX,
                ProviderAccountStatus.ACTIVE, T0, T0, T0);
        assertEquals(active, active.requireActive());
        ProviderAccount revoked = active.relinked(ProviderAccountStatus.REVOKED, T0.plusSeconds(60));
        assertEquals(T0, revoked.lastVerifiedAt());
        assertEquals("STABLECOIN_PROVIDER_ACCOUNT_REVOKED", assertThrows(InvalidInput.class,
                revoked::requireActive).code());
        ProviderAccount invalid = active.relinked(ProviderAccountStatus.INVALID, T0);
        assertEquals("STABLECOIN_PROVIDER_ACCOUNT_INVALID", assertThrows(InvalidInput.class,
                invalid::requireActive).code());
        assertEquals(T0.plusSeconds(90), revoked.relinked(ProviderAccountStatus.ACTIVE, T0.plusSeconds(90))
                .lastVerifiedAt());
        assertEquals("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", ProviderAccount.notFound(active.id()).code());
    }

    static StablecoinOperation operation(OperationStatus status) {
        return new StablecoinOperation(UUID.randomUUID(), PLATFORM, UUID.randomUUID(), OperationType.MINT, status,
                1_000_000, UUID.randomUUID(), Environment.SANDBOX, Party.ofType("WIRE"),
                new Party(null, "ExternalAccount:" + UUID.randomUUID(), null, null, null, null), null, null, null,
                "ref", null, null, null, null, T0, T0);
    }

    private static Set<IssuanceStatus> allowedFrom(IssuanceStatus from) {
        Set<IssuanceStatus> allowed = EnumSet.noneOf(IssuanceStatus.class);
        for (IssuanceStatus next : IssuanceStatus.values()) {
            if (from.canMoveTo(next)) {
                allowed.add(next);
            }
        }
        return allowed;
    }

    private static Set<OperationStatus> allowedFrom(OperationStatus from) {
        Set<OperationStatus> allowed = EnumSet.noneOf(OperationStatus.class);
        for (OperationStatus next : OperationStatus.values()) {
            if (from.canMoveTo(next)) {
                allowed.add(next);
            }
        }
        return allowed;
    }
}

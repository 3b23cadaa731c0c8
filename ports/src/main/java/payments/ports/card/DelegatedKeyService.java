package payments.ports.card;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.card.Card;
import payments.core.card.DelegatedKey.DelegatedKeyStatus;
import payments.core.card.DelegatedKey;
import payments.core.error.Conflict;
import payments.core.error.DomainError;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.core.wallet.SignedRequest;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.card.Cards;
import payments.ports.driven.card.DelegatedKeys;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;

/**
 * {@link DelegatedKeyUseCases} on the one signed-retry mechanism ({@link SignedRetry}): the first call is answered
 * with a challenge; its signed retry makes the key (PENDING, its private key sealed) and answers a second challenge
 * that names the new public key; that one signed activates it. Every leg is signed by a session of the wallet.
 */
public final class DelegatedKeyService implements DelegatedKeyUseCases {
    private static final String ACTIVITY = "ACTIVITY_TYPE_CREATE_DELEGATED_KEY";
    private final DelegatedKeys keys;
    private final Cards cards;
    private final SignedRetry signedRetry;
    private final WalletCrypto crypto;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public DelegatedKeyService(DelegatedKeys keys, Cards cards, SignedRetry signedRetry, WalletCrypto crypto,
                               TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.keys = keys;
        this.cards = cards;
        this.signedRetry = signedRetry;
        this.crypto = crypto;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public SignedOutcome<DelegatedKey> create(Caller caller, NewDelegatedKey command, SignedCall call) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Card card = cards.find(caller.platformId(), command.cardId())
                    .orElseThrow(() -> Card.notFound(command.cardId()));
            if (!card.fundingSources().contains(command.accountId())) {
                throw new NotFound("NOT_FOUND", command.accountId() + " is not a funding source of " + card.id());
            }
            if (!card.walletSources().contains(command.accountId())) {
                throw new InvalidInput("INVALID_INPUT", "internalAccountId: only an embedded wallet's funding "
                        + "needs a delegated key");
            }
            requireNoActiveKey(card, command.accountId());
            Map<String, String> bound = Map.of("cardId", card.id().toString(), "internalAccountId",
                    command.accountId().toString());
            var guard = guard(caller, command.accountId(), call, bound);
            if (guard.isFirstLeg()) {
                return signedRetry.run(guard, signer -> null);
            }
            UUID requestId = requestId(call);
            var pending = requestId == null ? null
                    : keys.findByActivation(caller.platformId(), requestId).orElse(null);
            if (pending == null) { // the request signed: make the key, and ask for it to be signed
                var made = signedRetry.run(guard, signer -> pendingKey(caller, card, command, call));
                return new SignedOutcome.Challenge<>(((SignedOutcome.Done<SignedRequest>) made).value());
            }
            return signedRetry.run(guard, signer -> {
                requireNoActiveKey(card, command.accountId());
                DelegatedKey active = pending.activated(clock.now(caller));
                keys.update(active);
                return active;
            });
        });
    }

    /** Makes the key, PENDING, and the challenge that binds its public key, whose signed retry activates it. */
    private SignedRequest pendingKey(Caller caller, Card card, NewDelegatedKey command, SignedCall call) {
        UUID id = ids.newId();
        WalletCrypto.TargetKey pair = crypto.newTargetKey();
        String publicKey;
        try {
            publicKey = crypto.canonicalPublicKey(pair.publicKeyUncompressed());
        } catch (WalletCrypto.InvalidKey e) {
            throw new IllegalStateException("a fresh key is a valid P-256 point", e);
        }
        SignedRequest activation = signedRetry.issue(guard(caller, command.accountId(), call, Map.of(
                "cardId", card.id().toString(), "internalAccountId", command.accountId().toString(),
                "delegatedKeyId", EntityId.format(DelegatedKey.KIND, id), "publicKey", publicKey)));
        Instant now = clock.now(caller);
        keys.insert(new DelegatedKey(id, caller.platformId(), card.id(), command.accountId(), publicKey,
                command.nickname(), DelegatedKeyStatus.PENDING, activation.id(), now, now), pair.privateScalar());
        return activation;
    }

    @Override
    public List<DelegatedKey> list(Caller caller, InternalAccountId account, UUID fundingSourceId) {
        caller.require(Permission.VIEW);
        return keys.list(caller.platformId(), account, fundingSourceId);
    }

    @Override
    public DelegatedKey get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return keys.find(caller.platformId(), id).orElseThrow(() -> DelegatedKey.notFound(id));
    }

    @Override
    public void revoke(Caller caller, UUID id) {
        caller.require(Permission.MANAGE);
        tx.inTransaction(() -> {
            DelegatedKey key = keys.findForUpdate(caller.platformId(), id)
                    .orElseThrow(() -> DelegatedKey.notFound(id));
            keys.update(key.revoked(clock.now(caller)));
            return null;
        });
    }

    private void requireNoActiveKey(Card card, InternalAccountId account) {
        if (keys.hasActive(card.platformId(), card.id(), account)) {
            throw new Conflict("CONFLICT", "The funding source " + account + " of " + card.id()
                    + " already has an ACTIVE delegated key; revoke it first");
        }
    }

    private static SignedRetry.Guard guard(Caller caller, InternalAccountId account, SignedCall call,
                                           Map<String, String> bound) {
        return new SignedRetry.Guard(caller, account, AuthMethodType.EMAIL_OTP, ACTIVITY, call, bound,
                SignerRule.ANY_SESSION, null, null);
    }

    /** The retry's request id, or null when malformed (the signed retry refuses it with its own error). */
    private static UUID requestId(SignedCall call) {
        try {
            return call.requestId() == null ? null
                    : EntityId.parse(SignedRequest.KIND, "Request-Id", call.requestId());
        } catch (DomainError malformed) {
            return null;
        }
    }
}

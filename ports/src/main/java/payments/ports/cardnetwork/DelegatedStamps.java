package payments.ports.cardnetwork;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import payments.core.card.Card;
import payments.core.card.DelegatedKey;
import payments.core.cardnetwork.CardTransaction;
import payments.core.id.InternalAccountId;
import payments.core.wallet.PayloadToSign;
import payments.ports.driven.card.DelegatedKeys;
import payments.ports.driven.wallet.WalletCrypto;

/**
 * Card payments from embedded wallets: such a funding source pays only through the card's {@code ACTIVE} delegated
 * key for it, which stamps each payment it funds (the payload in the wallet design's format; the stamp recorded).
 */
final class DelegatedStamps {
    static final String ACTIVITY = "ACTIVITY_TYPE_CARD_PAYMENT";
    private final DelegatedKeys keys;
    private final WalletCrypto crypto;

    DelegatedStamps(DelegatedKeys keys, WalletCrypto crypto) {
        this.keys = keys;
        this.crypto = crypto;
    }

    /** The funding sources that may pay now, in order: a wallet only with an ACTIVE key; and those keys. */
    record Usable(List<InternalAccountId> sources, Map<InternalAccountId, DelegatedKey> keys) {
    }

    Usable usable(Card card) {
        if (card.walletSources().isEmpty()) {
            return new Usable(card.fundingSources(), Map.of());
        }
        Map<InternalAccountId, DelegatedKey> active = keys.active(card.platformId(), card.id());
        return new Usable(card.fundingSources().stream()
                .filter(s -> !card.walletSources().contains(s) || active.containsKey(s)).toList(), active);
    }

    /** Stamps a debit its wallet funded with that wallet's key (nothing for another source). */
    void stamp(CardTransaction t, Usable usable, Instant now) {
        DelegatedKey key = usable.keys().get(t.accountId());
        if (key == null || !t.isDebit()) {
            return;
        }
        String payload = PayloadToSign.of(ACTIVITY, now, t.accountId().toString(), t.wireId(), Map.of(
                "cardId", t.cardId().toString(), "delegatedKeyId", key.wireId(),
                "amount", Long.toString(t.authorizedMinor()), "currency", t.currency(),
                "merchant", t.merchant().descriptor()));
        String stamp = crypto.stamp(keys.privateKey(t.platformId(), key.id()),
                payload.getBytes(StandardCharsets.UTF_8));
        keys.recordStamp(t.platformId(), t.id(), key.id(), payload, stamp, now);
    }
}

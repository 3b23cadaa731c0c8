package payments.ports.driven.card;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.cardnetwork.CardTransaction;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.TransactionFilter;

/** Card transactions, listed with the payments by {@code GET /transactions}. */
public interface CardTransactions {
    void insert(CardTransaction transaction);

    /** Inserts several, as one change. */
    default void insertAll(List<CardTransaction> transactions) {
        transactions.forEach(this::insert);
    }

    void update(CardTransaction transaction);

    Optional<CardTransaction> find(PlatformId platform, UUID id);

    /** Locks the row for the rest of the database transaction: a card's messages apply one at a time. */
    Optional<CardTransaction> findForUpdate(PlatformId platform, UUID id);

    /**
     * The card transactions {@code filter} selects: a status (a payment's), or a type other than {@code CARD},
     * selects none; the account identifiers match the funding account; the reference matches the issuer's token.
     */
    Page<CardTransaction> list(PlatformId platform, TransactionFilter filter, PageRequest page);
}

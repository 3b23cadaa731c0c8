package payments.ports.quote;

import java.util.Objects;
import java.util.UUID;
import payments.core.quote.Quote;
import payments.core.quote.QuoteSchemas;
import payments.core.validation.Fields;

/**
 * Sandbox: the real-time payment that funds a quote arrives, {@code currencyAmount} minor units of
 * {@code currencyCode} (null: the quote's exact total).
 */
public record RealtimeFunding(UUID quoteId, String currencyCode, Long currencyAmount) {
    public RealtimeFunding {
        Objects.requireNonNull(quoteId, "quoteId");
        Objects.requireNonNull(currencyCode, "currencyCode");
    }

    /** From the JSON body of {@code POST /sandbox/send}; 400 naming every invalid field. */
    public static RealtimeFunding fromJson(Object body) {
        Fields f = QuoteSchemas.REALTIME_FUNDING.validate(body);
        return new RealtimeFunding(Quote.parseId("quoteId", f.string("quoteId").orElseThrow()),
                f.string("currencyCode").orElseThrow(), f.number("currencyAmount").orElse(null));
    }
}

package payments.ports.quote;

import payments.core.id.ExternalAccountId;
import payments.core.platform.Caller;
import payments.core.quote.Lookup;

/**
 * Who is behind a UMA address or an external account, which currencies they take (with an indicative rate from the
 * sender's currency) and which payer data they demand; each lookup is kept for the quote that names it (VIEW).
 */
public interface ReceiverLookupUseCases {
    Lookup lookupUma(Caller caller, String address, LookupSender sender);

    Lookup lookupExternalAccount(Caller caller, ExternalAccountId accountId, LookupSender sender);
}

package payments.ports.app;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.common.Conflict;
import payments.core.common.InternalAccountId;
import payments.core.customer.Customer;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.driven.Credentials;
import payments.ports.driven.InternalAccounts;

/**
 * Changing a customer's email when EMAIL_OTP credentials of their wallets are tied to it: a signed retry by a
 * session of the wallet, refused if the new email is tied elsewhere or the tied credentials changed meanwhile;
 * the credentials follow the email.
 */
final class TiedEmailChange {
    private final InternalAccounts accounts;
    private final Credentials credentials;
    private final SignedRetry signedRetry;

    TiedEmailChange(InternalAccounts accounts, Credentials credentials, SignedRetry signedRetry) {
        this.accounts = accounts;
        this.credentials = credentials;
        this.signedRetry = signedRetry;
    }

    /** Runs {@code update}, behind a signed retry when the email change touches tied credentials. */
    SignedRetry.Outcome<Customer> run(Caller caller, Customer current, String newEmail,
                                      SignedRetry.Signed signed, Function<Instant, Customer> update,
                                      Instant now) {
        boolean changes = newEmail != null && !newEmail.equals(current.email());
        List<Credential> tied = changes ? tied(caller, current) : List.of();
        InternalAccountId account = tied.isEmpty() ? null : tied.get(0).accountId();
        if (account == null && changes && (signed.signature() != null || signed.requestId() != null)) {
            // A retry whose tied credentials all went after its 202 still meets the guard: the set changed (409),
            // rather than the change running unsigned.
            account = wallet(caller, current);
        }
        if (account == null) {
            return new SignedRetry.Done<>(update.apply(now), null);
        }
        if (!tied.isEmpty() && credentials.identityInUse(caller.platformId(), AuthMethodType.EMAIL_OTP, newEmail)) {
            throw new Conflict("EMAIL_OTP_EMAIL_ALREADY_EXISTS", "The email is already tied to an EMAIL_OTP credential");
        }
        String fingerprint = String.join(",", tied.stream().map(c -> c.id() + "=" + c.identity()).sorted().toList());
        var guard = new SignedRetry.Guard(caller, account, AuthMethodType.EMAIL_OTP,
                "ACTIVITY_TYPE_UPDATE_USER_EMAIL", signed, Map.of("email", newEmail), SignerRule.ANY_SESSION, null,
                fingerprint);
        return signedRetry.run(guard, signer -> {
            Customer updated = update.apply(now);
            for (Credential c : tied) {
                credentials.update(caller.platformId(), new Credential(c.id(), c.accountId(), c.type(), newEmail,
                        newEmail, c.audience(), c.passkeyData(), c.signCount(), c.createdAt(), now));
            }
            return updated;
        });
    }

    private InternalAccountId wallet(Caller caller, Customer customer) {
        return accounts.listOwnedBy(caller.platformId(), customer.id()).stream()
                .filter(a -> a.type() == InternalAccountType.EMBEDDED_WALLET)
                .map(InternalAccount::id).findFirst().orElse(null);
    }

    private List<Credential> tied(Caller caller, Customer customer) {
        return accounts.listOwnedBy(caller.platformId(), customer.id()).stream()
                .filter(a -> a.type() == InternalAccountType.EMBEDDED_WALLET)
                .flatMap(a -> credentials.listActive(caller.platformId(), a.id()).stream())
                .filter(c -> c.type() == AuthMethodType.EMAIL_OTP && c.identity().equals(customer.email()))
                .toList();
    }
}

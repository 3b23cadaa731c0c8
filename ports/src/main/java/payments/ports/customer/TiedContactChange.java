package payments.ports.customer;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.wallet.Credentials;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;

/**
 * Changing a customer's email or phone number when OTP credentials of their wallets are tied to it (EMAIL_OTP to
 * the email, SMS_OTP to the phone number, where the codes go): a signed retry by a session of the wallet, refused
 * if the new value is tied elsewhere or the tied credentials changed meanwhile; the credentials follow the change.
 * One signed retry covers the whole body, so the other contact may change with it, but not both when both have tied
 * credentials (reference/customers.md: "not in same call as email").
 */
public final class TiedContactChange {
    /** A contact field and the OTP credentials tied to it. */
    private enum Contact {
        EMAIL("email", AuthMethodType.EMAIL_OTP, "ACTIVITY_TYPE_UPDATE_USER_EMAIL", Customer::email),
        PHONE("phoneNumber", AuthMethodType.SMS_OTP, "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER",
                Customer::phoneNumber);

        final String field;
        final AuthMethodType type;
        final String activity;
        final Function<Customer, String> value;

        Contact(String field, AuthMethodType type, String activity, Function<Customer, String> value) {
            this.field = field;
            this.type = type;
            this.activity = activity;
            this.value = value;
        }
    }

    private final InternalAccounts accounts;
    private final Credentials credentials;
    private final SignedRetry signedRetry;

    public TiedContactChange(InternalAccounts accounts, Credentials credentials, SignedRetry signedRetry) {
        this.accounts = accounts;
        this.credentials = credentials;
        this.signedRetry = signedRetry;
    }

    /** Runs {@code update}, behind a signed retry when the change touches tied credentials. */
    SignedOutcome<Customer> run(Caller caller, Customer current, String newEmail, String newPhone,
                                      SignedCall call, Function<Instant, Customer> update, Instant now) {
        boolean emailChanges = newEmail != null && !newEmail.equals(current.email());
        boolean phoneChanges = newPhone != null && !newPhone.equals(current.phoneNumber());
        List<Credential> ofWallets = emailChanges || phoneChanges ? walletCredentials(caller, current) : List.of();
        List<Credential> tiedEmail = emailChanges ? tied(ofWallets, current, Contact.EMAIL) : List.of();
        List<Credential> tiedPhone = phoneChanges ? tied(ofWallets, current, Contact.PHONE) : List.of();
        if (!tiedEmail.isEmpty() && !tiedPhone.isEmpty()) {
            throw InvalidFields.of("phoneNumber", "cannot change in the same call as email while OTP credentials "
                    + "are tied to both; change one, then the other");
        }
        if (!tiedPhone.isEmpty() || phoneChanges && !emailChanges) {
            return change(caller, current, Contact.PHONE, newPhone, tiedPhone, call, update, now);
        }
        if (emailChanges) {
            return change(caller, current, Contact.EMAIL, newEmail, tiedEmail, call, update, now);
        }
        return new SignedOutcome.Done<>(update.apply(now), null);
    }

    private SignedOutcome<Customer> change(Caller caller, Customer current, Contact contact, String newValue,
                                                 List<Credential> tied, SignedCall call,
                                                 Function<Instant, Customer> update, Instant now) {
        InternalAccountId account = tied.isEmpty() ? null : tied.get(0).accountId();
        if (account == null && retried(call)) {
            // A retry whose tied credentials all went after its 202 still meets the guard: the set changed (409),
            // rather than the change running unsigned.
            account = wallet(caller, current);
        }
        if (account == null) {
            return new SignedOutcome.Done<>(update.apply(now), null);
        }
        if (!tied.isEmpty() && credentials.identityInUse(caller.platformId(), contact.type, newValue)) {
            throw new Conflict("EMAIL_OTP_EMAIL_ALREADY_EXISTS",
                    "The " + contact.field + " is already tied to an " + contact.type + " credential");
        }
        String fingerprint = String.join(",", tied.stream().map(c -> c.id() + "=" + c.identity()).sorted().toList());
        var guard = new SignedRetry.Guard(caller, account, contact.type, contact.activity, call,
                Map.of(contact.field, newValue), SignerRule.ANY_SESSION, null, fingerprint);
        return signedRetry.run(guard, signer -> {
            Customer updated = update.apply(now);
            for (Credential c : tied) {
                credentials.readdress(caller.platformId(), new Credential(c.id(), c.accountId(), c.type(), newValue,
                        newValue, c.audience(), c.passkeyData(), c.signCount(), c.createdAt(), now));
            }
            return updated;
        });
    }

    private static boolean retried(SignedCall call) {
        return call.signature() != null || call.requestId() != null;
    }

    private InternalAccountId wallet(Caller caller, Customer customer) {
        return wallets(caller, customer).findFirst().orElse(null);
    }

    /**
     * The active credentials of the customer's embedded wallets, one read whichever contacts change, locked as a
     * revocation or an addition locks them (after the customer, which the caller locked): the tied set read here
     * is the set the change updates.
     */
    private List<Credential> walletCredentials(Caller caller, Customer customer) {
        return wallets(caller, customer).flatMap(w -> credentials.listActiveForUpdate(caller.platformId(), w).stream())
                .toList();
    }

    private Stream<InternalAccountId> wallets(Caller caller, Customer customer) {
        return accounts.listOwnedBy(caller.platformId(), customer.id()).stream()
                .filter(a -> a.type() == InternalAccountType.EMBEDDED_WALLET).map(InternalAccount::id);
    }

    private static List<Credential> tied(List<Credential> ofWallets, Customer customer, Contact contact) {
        String value = contact.value.apply(customer);
        return ofWallets.stream().filter(c -> c.type() == contact.type && c.identity().equals(value)).toList();
    }
}

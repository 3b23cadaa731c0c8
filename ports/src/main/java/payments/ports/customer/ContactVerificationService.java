package payments.ports.customer;

import java.time.Instant;
import java.util.HexFormat;
import payments.core.customer.ContactChannel;
import payments.core.customer.ContactCode;
import payments.core.customer.ContactRules;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.customer.ContactCodeSender;
import payments.ports.driven.customer.ContactCodes;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.TokenSecrets;
import payments.ports.time.PlatformClock;

/**
 * {@link ContactVerificationUseCases}. Codes are kept as hashes, bound to the address they went to (a changed email
 * cannot be verified with the old one's code), and expire on the platform's clock. A wrong guess is counted in its
 * own transaction, since the 400 that reports it rolls the request's back.
 */
public final class ContactVerificationService implements ContactVerificationUseCases {
    private final Customers customers;
    private final ContactCodes codes;
    private final ContactCodeSender sender;
    private final TokenSecrets secrets;
    private final TransactionRunner tx;
    private final PlatformClock clock;

    public ContactVerificationService(Customers customers, ContactCodes codes, ContactCodeSender sender,
                                      TokenSecrets secrets, TransactionRunner tx, PlatformClock clock) {
        this.customers = customers;
        this.codes = codes;
        this.sender = sender;
        this.secrets = secrets;
        this.tx = tx;
        this.clock = clock;
    }

    @Override
    public void send(Caller caller, CustomerId id, ContactChannel channel) {
        caller.require(Permission.MANAGE);
        tx.inTransaction(() -> {
            Customer customer = unverified(caller, id, channel);
            Instant now = clock.now(caller);
            ContactCode previous = codes.find(caller.platformId(), id, channel).orElse(null);
            String address = customer.contact(channel);
            // Limited before sending: the 429 must not cost an email.
            ContactCode.sent(previous, caller.platformId(), id, channel, address, "", now);
            String code = sender.send(caller.environment(), channel, address);
            codes.save(ContactCode.sent(previous, caller.platformId(), id, channel, address,
                    secrets.hashHex(salted(id, code)), now));
            return null;
        });
    }

    @Override
    public Customer confirm(Caller caller, CustomerId id, ContactChannel channel, ContactConfirmation command) {
        caller.require(Permission.MANAGE);
        Customer[] verified = new Customer[1];
        boolean wrong = tx.inTransaction(() -> {
            Customer customer = unverified(caller, id, channel);
            Instant now = clock.now(caller);
            ContactCode code = codes.find(caller.platformId(), id, channel)
                    .filter(c -> c.usableFor(customer.contact(channel), now))
                    .orElseThrow(() -> InvalidFields.of("code", "has expired or was not sent to this "
                            + channel.key() + "; send a new one"));
            code.requireAttemptsLeft(now);
            if (!secrets.matches(salted(id, command.code()), HexFormat.of().parseHex(code.codeHash()))) {
                codes.save(code.failed());
                return true;
            }
            codes.delete(caller.platformId(), id, channel);
            verified[0] = customer.contactVerified(channel, now);
            customers.update(verified[0]);
            return false;
        });
        if (wrong) {
            throw InvalidFields.of("code", "is not the code sent");
        }
        return verified[0];
    }

    /** The customer, locked, when its {@code channel} may be verified; 404 or 409 otherwise. */
    private Customer unverified(Caller caller, CustomerId id, ContactChannel channel) {
        Customer customer = customers.findForUpdate(caller.platformId(), id).filter(c -> !c.isDeleted())
                .orElseThrow(() -> Customer.notFound(id));
        if (!ContactRules.required(customer)) {
            throw new Conflict("CONFLICT", "Contact verification does not apply to customer " + id
                    + ": its identity provider does not require it");
        }
        if (customer.contact(channel) == null) {
            throw new Conflict("CONFLICT", "Customer " + id + " has no " + channel.key() + " to verify");
        }
        if (ContactRules.isVerified(customer, channel)) {
            throw new Conflict("CONFLICT", "The " + channel.key() + " of customer " + id + " is already verified");
        }
        return customer;
    }

    /** A code salted with the customer's id, so that one table of the million six-digit codes fits none. */
    private static String salted(CustomerId id, String code) {
        return id + ":" + code;
    }
}

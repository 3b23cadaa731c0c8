package payments.ports.compliance;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import payments.core.compliance.KycLink;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationStatus;
import payments.core.customer.ContactChannel;
import payments.core.customer.ContactRules;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.error.NotImplemented;
import payments.core.id.CustomerId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.compliance.KycLinks;
import payments.ports.driven.compliance.Verifications;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.TokenSecrets;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * {@link KycLinkUseCases} and the hosted page's {@link HostedKycUseCases}: the sandbox's own stand-in for an identity
 * provider's hosted flow. Finishing records a decided verification and sets the customer's status, with the same
 * events a verification's outcome sends.
 */
public final class KycLinkService implements KycLinkUseCases, HostedKycUseCases {
    static final Duration TIME_TO_LIVE = Duration.ofHours(24);

    private final Customers customers;
    private final KycLinks links;
    private final TokenSecrets secrets;
    private final Verifications verifications;
    private final Events events;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public KycLinkService(Customers customers, KycLinks links, TokenSecrets secrets, Verifications verifications,
                          Events events, TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.customers = customers;
        this.links = links;
        this.secrets = secrets;
        this.verifications = verifications;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public IssuedLink create(Caller caller, CustomerId id, String redirectUri) {
        caller.require(Permission.MANAGE);
        if (caller.environment() != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No identity provider with a hosted flow is configured");
        }
        return tx.inTransaction(() -> {
            Customer customer = customers.find(caller.platformId(), id).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(id));
            if (ContactRules.required(customer)) {
                for (ContactChannel channel : ContactChannel.values()) {
                    if (customer.contact(channel) != null && !ContactRules.isVerified(customer, channel)) {
                        throw new Conflict("CONFLICT", "The customer's " + channel.key() + " must be verified "
                                + "first (POST /customers/" + id + "/verify-" + channel.key() + ")");
                    }
                }
            }
            Instant now = clock.now(caller);
            String token = secrets.newSecret();
            KycLink link = new KycLink(secrets.hashHex(token), caller.platformId(), id, redirectUri,
                    now.plus(TIME_TO_LIVE), null, null, now);
            links.insert(link);
            return new IssuedLink(token, link.expiresAt());
        });
    }

    @Override
    public Visit open(String token) {
        return tx.inTransaction(() -> {
            KycLink link = link(token);
            return visit(customers.find(link.platformId(), link.customerId()).orElseThrow(), link);
        });
    }

    @Override
    public Visit finish(String token, boolean approve) {
        return tx.inTransaction(() -> {
            KycLink link = link(token);
            Instant now = clock.now(link.platformId());
            link.requireOpen(now);
            Customer customer = customers.findForUpdate(link.platformId(), link.customerId())
                    .filter(c -> !c.isDeleted()).orElseThrow(() -> Customer.notFound(link.customerId()));
            String status = approve ? "APPROVED" : "REJECTED";
            Customer verified = customer.verified(status, now);
            customers.update(verified);
            events.customerChanged(customer, verified);
            Verification decided = new Verification(ids.newId(), link.platformId(), customer.id(),
                    VerificationStatus.outcomeOf(status), List.of(), now, now, now);
            verifications.insert(decided);
            events.verificationChanged(null, decided);
            KycLink used = link.used(status, now);
            links.update(used);
            return visit(verified, used);
        });
    }

    private KycLink link(String token) {
        return links.findForUpdate(secrets.hashHex(token))
                .orElseThrow(() -> new NotFound("NOT_FOUND", "No such verification link"));
    }


    private static Visit visit(Customer customer, KycLink link) {
        Object name = customer.type() == CustomerType.BUSINESS && customer.details().get("businessInfo")
                instanceof java.util.Map<?, ?> info ? info.get("legalName") : customer.details().get("fullName");
        return new Visit(name == null ? customer.platformCustomerId() : name.toString(), customer.type().name(),
                link.outcome(), link.redirectUri());
    }
}

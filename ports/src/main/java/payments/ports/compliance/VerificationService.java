package payments.ports.compliance;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationError;
import payments.core.compliance.VerificationFilter;
import payments.core.compliance.VerificationRules;
import payments.core.compliance.VerificationStatus;
import payments.core.customer.Customer;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.compliance.Verifications;
import payments.ports.driven.customer.Customers;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * {@link VerificationUseCases}: the checks of {@link VerificationRules} first; a customer with nothing missing is
 * submitted, and {@link VerificationSteps} (a durable job, on the platform's clock) takes it on from there.
 */
public final class VerificationService implements VerificationUseCases {
    private final Verifications verifications;
    private final VerificationSubjects subjects;
    private final Customers customers;
    private final Jobs jobs;
    private final Events events;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public VerificationService(Verifications verifications, VerificationSubjects subjects, Customers customers,
                               Jobs jobs, Events events, TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.verifications = verifications;
        this.subjects = subjects;
        this.customers = customers;
        this.jobs = jobs;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public Verification create(Caller caller, NewVerification command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            // Locked: two requests for one customer make one verification, not two.
            Customer customer = customers.findForUpdate(caller.platformId(), command.customerId())
                    .filter(c -> !c.isDeleted()).orElseThrow(() -> Customer.notFound(command.customerId()));
            Optional<Verification> latest = verifications.latestOf(caller.platformId(), customer.id());
            if (latest.isPresent() && latest.get().status().isUnderWay()) {
                return latest.get();
            }
            var seen = subjects.of(caller.platformId(), customer.id());
            List<VerificationError> errors = VerificationRules.errorsOf(customer, seen.owners(), seen.documents());
            VerificationStatus status = errors.isEmpty() ? VerificationStatus.READY_FOR_VERIFICATION
                    : VerificationStatus.RESOLVE_ERRORS;
            Instant now = clock.now(caller);
            Verification before = latest.filter(Verification::isOpen).orElse(null);
            Verification after;
            if (before != null) {
                after = before.moved(status, errors, now);
                verifications.update(after);
            } else {
                after = new Verification(ids.newId(), caller.platformId(), customer.id(), status, errors, now, now,
                        status == VerificationStatus.READY_FOR_VERIFICATION ? now : null);
                verifications.insert(after);
            }
            if (status == VerificationStatus.READY_FOR_VERIFICATION) {
                jobs.schedule(new Jobs.Job(caller.platformId(), ids.newId(), VerificationSteps.KIND,
                        VerificationSteps.payload(after.id()), now, 0));
            }
            events.verificationChanged(before, after);
            return after;
        });
    }

    @Override
    public Page<Verification> list(Caller caller, VerificationFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return verifications.list(caller.platformId(), filter, page);
    }

    @Override
    public Verification get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return verifications.find(caller.platformId(), id)
                .orElseThrow(() -> Verification.notFound(Verification.KIND + ":" + id));
    }
}

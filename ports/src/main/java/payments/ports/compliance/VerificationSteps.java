package payments.ports.compliance;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationStatus;
import payments.core.customer.Customer;
import payments.core.platform.Platform;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.compliance.BeneficialOwners;
import payments.ports.driven.compliance.IdentityChecks;
import payments.ports.driven.compliance.Verifications;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;
import payments.ports.time.JobRunner;
import payments.ports.webhook.Events;

/**
 * A submitted verification's way to its outcome, as durable jobs on the platform's clock: at once it is taken up
 * ({@code IN_PROGRESS}); {@link #CHECK_TIME} after the submission the provider ({@link IdentityChecks}) has answered, and the
 * outcome sets the customer's kycStatus / kybStatus and each beneficial owner's, with their events. Each step is one
 * job run, so a crash between them repeats nothing.
 */
public final class VerificationSteps implements JobRunner.Handler {
    public static final String KIND = "VERIFICATION_STEP";
    static final String VERIFICATION_ID = "verificationId";
    /** How long the sandbox's provider takes to answer; a sandbox clock advance skips it. */
    static final Duration CHECK_TIME = Duration.ofSeconds(30);

    private final Verifications verifications;
    private final BeneficialOwners owners;
    private final Customers customers;
    private final Platforms platforms;
    private final IdentityChecks checks;
    private final Jobs jobs;
    private final Events events;
    private final Ids ids;

    public VerificationSteps(Verifications verifications, BeneficialOwners owners, Customers customers,
                             Platforms platforms, IdentityChecks checks, Jobs jobs, Events events, Ids ids) {
        this.verifications = verifications;
        this.owners = owners;
        this.customers = customers;
        this.platforms = platforms;
        this.checks = checks;
        this.jobs = jobs;
        this.events = events;
        this.ids = ids;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        UUID id = UUID.fromString((String) job.payload().get(VERIFICATION_ID));
        Verification current = verifications.findForUpdate(job.platform(), id).orElse(null);
        if (current == null) {
            return;
        }
        if (current.status() == VerificationStatus.READY_FOR_VERIFICATION) {
            Verification started = current.moved(VerificationStatus.IN_PROGRESS, List.of(), now);
            verifications.update(started);
            // Counted from the submission, however late a worker took it up.
            jobs.schedule(new Jobs.Job(job.platform(), ids.newId(), KIND, job.payload(),
                    current.updatedAt().plus(CHECK_TIME), 0));
            events.verificationChanged(current, started);
        } else if (current.status() == VerificationStatus.IN_PROGRESS) {
            decide(current, now);
        }
    }

    private void decide(Verification current, Instant now) {
        Customer customer = customers.findForUpdate(current.platformId(), current.customerId()).orElseThrow();
        List<BeneficialOwner> business = owners.ownersOf(current.platformId(), customer.id());
        Platform platform = platforms.find(current.platformId()).orElseThrow();
        IdentityChecks.Result result = checks.check(platform.environment(), customer, business);
        for (BeneficialOwner owner : business) {
            String status = result.owners().getOrDefault(owner.id(), owner.kycStatus());
            if (!status.equals(owner.kycStatus())) {
                owners.update(owner.withKycStatus(status, now));
            }
        }
        Customer verified = customer.verified(result.customerStatus(), now);
        customers.update(verified);
        events.customerChanged(customer, verified);
        Verification decided = current.moved(VerificationStatus.outcomeOf(result.customerStatus()), List.of(), now);
        verifications.update(decided);
        events.verificationChanged(current, decided);
    }

    /** The job payload's key, for the service that submits. */
    static Map<String, Object> payload(UUID verification) {
        return Map.of(VERIFICATION_ID, verification.toString());
    }
}

package payments.ports.customer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import payments.core.bulk.BulkImportJob;
import payments.core.bulk.CsvCustomers;
import payments.core.bulk.ImportRowError;
import payments.core.error.DomainError;
import payments.core.error.InvalidFields;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.customer.BulkImports;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;
import payments.ports.time.JobRunner;
import payments.ports.webhook.Events;

/**
 * One batch of a bulk import per job run: each staged row becomes a customer through {@link CustomerUseCases}
 * (the checks of {@code POST /customers}), or a row error; the customers, the rows marked done and the job's counts
 * commit together, so a crash repeats a batch whole and never creates a customer twice. A row whose
 * platformCustomerId or UMA address is taken (by an earlier row too) is an error, found before any insert so that
 * the batch's transaction stays usable.
 */
public final class BulkImportSteps implements JobRunner.Handler {
    public static final String KIND = "BULK_IMPORT";
    static final String JOB_ID = "jobId";
    static final int BATCH = 200;

    private final BulkImports imports;
    private final CustomerUseCases customerCreation;
    private final Customers customers;
    private final Platforms platforms;
    private final Jobs jobs;
    private final Events events;
    private final Ids ids;

    public BulkImportSteps(BulkImports imports, CustomerUseCases customerCreation, Customers customers,
                           Platforms platforms, Jobs jobs, Events events, Ids ids) {
        this.imports = imports;
        this.customerCreation = customerCreation;
        this.customers = customers;
        this.platforms = platforms;
        this.jobs = jobs;
        this.events = events;
        this.ids = ids;
    }

    static Map<String, Object> payload(BulkImportJob job) {
        return Map.of(JOB_ID, job.id().toString());
    }

    @Override
    public void run(Jobs.Job run, Instant now) {
        UUID id = UUID.fromString((String) run.payload().get(JOB_ID));
        BulkImportJob job = imports.findForUpdate(run.platform(), id).orElse(null);
        if (job == null || job.status().equals(BulkImportJob.COMPLETED)) {
            return;
        }
        List<BulkImports.Row> rows = imports.pending(run.platform(), id, BATCH);
        // On behalf of the token that uploaded the file, with the permission the upload required.
        Caller caller = new Caller(job.platformId(), platforms.find(job.platformId()).orElseThrow().environment(),
                job.uploadedBy(), Set.of(Permission.MANAGE));
        List<ImportRowError> errors = new ArrayList<>();
        Set<String> takenIds = new HashSet<>(customers.takenPlatformCustomerIds(run.platform(),
                rows.stream().map(r -> r.values().get("platformCustomerId")).filter(v -> v != null).toList()));
        Set<String> takenAddresses = new HashSet<>(customers.takenUmaAddresses(run.platform(),
                rows.stream().map(r -> r.values().get("umaAddress")).filter(v -> v != null).toList()));
        for (BulkImports.Row row : rows) {
            String correlation = row.values().getOrDefault("platformCustomerId", "");
            correlation = correlation == null || correlation.isBlank() ? "row " + row.number() : correlation.trim();
            try {
                NewCustomer command = NewCustomer.fromJson(CsvCustomers.body(row.values()));
                if (command.platformCustomerId() != null && !takenIds.add(command.platformCustomerId())) {
                    throw InvalidFields.of("platformCustomerId", "is already an active customer's");
                }
                if (command.umaAddress() != null && !takenAddresses.add(command.umaAddress())) {
                    throw InvalidFields.of("umaAddress", "is already an active customer's");
                }
                customerCreation.create(caller, command);
            } catch (DomainError refused) {
                Map<String, Object> details = refused.details() == null ? Map.of() : refused.details();
                errors.add(new ImportRowError(row.number(), correlation, refused.code(),
                        refused.getMessage(), details));
            }
        }
        imports.done(run.platform(), id, rows, errors);
        BulkImportJob advanced = job.advanced(rows.size(), rows.size() - errors.size(), now);
        imports.update(advanced);
        if (advanced.status().equals(BulkImportJob.COMPLETED)) {
            events.bulkImportCompleted(advanced);
        } else {
            jobs.schedule(new Jobs.Job(run.platform(), ids.newId(), KIND, run.payload(), now, 0));
        }
    }
}

package payments.ports.customer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.bulk.BulkImportJob;
import payments.core.bulk.CsvCustomers;
import payments.core.error.InvalidInput;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.customer.BulkImports;
import payments.ports.time.PlatformClock;

/**
 * {@link BulkImportUseCases}: the upload stages its rows in batches within one transaction (a file is imported whole
 * or not at all), never holding more than a batch in memory, and schedules the first {@link BulkImportSteps} job.
 */
public final class BulkImportService implements BulkImportUseCases {
    /** Rows staged per statement. */
    static final int STAGE_BATCH = 1_000;
    /** The most rows one file may have. */
    static final int MAX_ROWS = 1_000_000;
    static final int ERRORS_SHOWN = 100;

    private final BulkImports imports;
    private final Jobs jobs;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public BulkImportService(BulkImports imports, Jobs jobs, TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.imports = imports;
        this.jobs = jobs;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public BulkImportJob start(Caller caller, List<String> header, Iterator<Map<String, String>> rows) {
        caller.require(Permission.MANAGE);
        CsvCustomers.checkHeader(header);
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            UUID id = ids.newId();
            imports.insert(new BulkImportJob(id, caller.platformId(), caller.tokenId(), BulkImportJob.PENDING, 0, 0,
                    0, 0, now, now, null));
            List<BulkImports.Row> batch = new ArrayList<>(STAGE_BATCH);
            int count = 0;
            while (rows.hasNext()) {
                if (count == MAX_ROWS) {
                    throw new InvalidInput("INVALID_INPUT", "A file may have at most " + MAX_ROWS + " rows");
                }
                batch.add(new BulkImports.Row(++count, rows.next()));
                if (batch.size() == STAGE_BATCH) {
                    imports.stage(caller.platformId(), id, batch);
                    batch.clear();
                }
            }
            if (count == 0) {
                throw new InvalidInput("INVALID_INPUT", "The CSV file has no rows below its header");
            }
            imports.stage(caller.platformId(), id, batch);
            BulkImportJob job = new BulkImportJob(id, caller.platformId(), caller.tokenId(), BulkImportJob.PENDING,
                    count, 0, 0, 0, now, now, null);
            imports.update(job);
            jobs.schedule(new Jobs.Job(caller.platformId(), ids.newId(), BulkImportSteps.KIND,
                    BulkImportSteps.payload(job), now, 0));
            return job;
        });
    }

    @Override
    public JobView get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        BulkImportJob job = imports.find(caller.platformId(), id)
                .orElseThrow(() -> BulkImportJob.notFound(BulkImportJob.KIND + ":" + id));
        return new JobView(job, imports.errors(caller.platformId(), id, ERRORS_SHOWN));
    }
}

package payments.ports.driven.customer;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.bulk.BulkImportJob;
import payments.core.bulk.ImportRowError;
import payments.core.id.PlatformId;

/** Bulk import jobs, their staged rows and the errors of the rows that failed. */
public interface BulkImports {
    /** A row of the file: its number (1 is the first after the header) and its cells by column. */
    record Row(int number, Map<String, String> values) {
    }

    void insert(BulkImportJob job);

    void update(BulkImportJob job);

    Optional<BulkImportJob> find(PlatformId platform, UUID id);

    Optional<BulkImportJob> findForUpdate(PlatformId platform, UUID id);

    void stage(PlatformId platform, UUID job, List<Row> rows);

    /** The next {@code limit} rows not imported yet, in file order. */
    List<Row> pending(PlatformId platform, UUID job, int limit);

    /** Marks rows imported (or failed, with {@code errors}): they are never taken again. */
    void done(PlatformId platform, UUID job, List<Row> rows, List<ImportRowError> errors);

    /** The first {@code limit} row errors, in file order. */
    List<ImportRowError> errors(PlatformId platform, UUID job, int limit);
}

package payments.ports.customer;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.bulk.BulkImportJob;
import payments.core.bulk.ImportRowError;
import payments.core.platform.Caller;

/**
 * Customers imported from a CSV file (MANAGE to start, VIEW to follow): the rows are staged as they are read, then
 * created in batches by durable jobs, each customer once whatever crashes meanwhile.
 */
public interface BulkImportUseCases {
    /** A job and the first of its row errors. */
    record JobView(BulkImportJob job, List<ImportRowError> errors) {
    }

    /** 400 for a header without the required columns; {@code rows} is read once, as it comes. */
    BulkImportJob start(Caller caller, List<String> header, Iterator<Map<String, String>> rows);

    JobView get(Caller caller, UUID job);
}

package payments.ports.driven.bankrail;

import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankReport;

/**
 * The ISO 20022 messages the bank exchanges: a batch written as a {@code pain.001.001.09} credit transfer initiation,
 * checked against the message's XSD, and a report read from a {@code pain.002} or {@code camt.054} file.
 */
public interface BankMessages {
    /** The file's bytes (UTF-8 XML); the same batch gives the same bytes. */
    byte[] creditTransfers(BankBatch batch);

    /**
     * The report a file holds; {@link BankReport.Malformed} with a reason when it is not XML, declares a DTD or an
     * entity, does not validate, or is none of the reports read.
     */
    BankReport read(byte[] file);
}

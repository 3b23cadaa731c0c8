package payments.adapter.bank.iso20022;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankReport;
import payments.ports.driven.bankrail.BankMessages;

/**
 * The bank's ISO 20022 messages: a batch written as a {@code pain.001.001.09} that must pass the official XSD before
 * it leaves (an invalid file is a bug here, not the bank's to find), and a file from the inbox read, after a parse
 * that refuses any DTD, as a {@code pain.002.001.10} status report (checked against its XSD) or a
 * {@code camt.054.001.08} notification. The schemas are compiled once, when this is built; it is thread-safe.
 */
public final class Iso20022Messages implements BankMessages {
    public static final String PAIN_001 = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
    public static final String PAIN_002 = Pain002Reader.NAMESPACE;
    public static final String CAMT_054 = Camt054Reader.NAMESPACE;
    private static final int MAX_QUOTED = 120;
    private final XsdSchema pain001 = XsdSchema.load("pain.001.001.09.xsd");
    private final XsdSchema pain002 = XsdSchema.load("pain.002.001.10.xsd");

    @Override
    public byte[] creditTransfers(BankBatch batch) {
        byte[] file = Pain001Writer.document(batch).getBytes(StandardCharsets.UTF_8);
        String problem = pain001.firstProblem(new StreamSource(new ByteArrayInputStream(file)));
        if (problem != null) {
            throw new IllegalStateException("the pain.001 of batch " + batch.messageId() + " fails its XSD: "
                    + problem);
        }
        return file;
    }

    @Override
    public BankReport read(byte[] file) {
        Document document = SafeXml.parse(file);
        Element root = document.getDocumentElement();
        String namespace = root.getNamespaceURI();
        if (PAIN_002.equals(namespace) && isDocument(root)) {
            String problem = pain002.firstProblem(new DOMSource(document));
            if (problem != null) {
                throw new BankReport.Malformed("the pain.002 fails its XSD: " + problem);
            }
            return Pain002Reader.read(root);
        }
        if (CAMT_054.equals(namespace) && isDocument(root)) {
            return Camt054Reader.read(root);
        }
        String what = namespace == null ? "<" + root.getTagName() + "> in no namespace"
                : isDocument(root) ? namespace : "<" + root.getLocalName() + "> of " + namespace;
        throw new BankReport.Malformed("not a pain.002.001.10 or camt.054.001.08 report: " + shortened(what));
    }

    /** A name from the file, kept short: a note or a log line is no place for a file's whole text. */
    private static String shortened(String text) {
        return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "...";
    }

    private static boolean isDocument(Element root) {
        return "Document".equals(root.getLocalName());
    }
}

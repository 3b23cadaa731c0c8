package payments.adapter.bank.iso20022;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import payments.core.bankrail.BankReport;

/**
 * The one way a file from the bank's inbox becomes XML: a namespace-aware DOM parse that refuses any DOCTYPE, so no
 * external entity (XXE), no entity expansion (billion laughs) and no DTD fetch can happen, whatever parses the tree
 * afterwards. The inbox is written by a transfer process the service does not control, so its files are untrusted.
 */
final class SafeXml {
    private static final String DISALLOW_DOCTYPE = "http://apache.org/xml/features/disallow-doctype-decl";
    static final String NO_DTD = "a DTD or entity declaration is not accepted";

    private SafeXml() {
    }

    /** The file's document; {@link BankReport.Malformed} when it is not well-formed XML or declares a DOCTYPE. */
    static Document parse(byte[] file) {
        if (file == null || file.length == 0) {
            throw new BankReport.Malformed("an empty file is not XML");
        }
        try {
            DocumentBuilder builder = factory().newDocumentBuilder();
            builder.setErrorHandler(new StopAtFirstError());
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException(NO_DTD);
            });
            return builder.parse(new InputSource(new ByteArrayInputStream(file)));
        } catch (SAXParseException e) {
            throw refused(e, " (line " + e.getLineNumber() + ", column " + e.getColumnNumber() + ")");
        } catch (SAXException e) {
            throw refused(e, "");
        } catch (IOException e) {
            throw new BankReport.Malformed("not readable as XML: " + Redacted.message(e.getMessage()), e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser lacks a hardening feature", e);
        }
    }

    private static BankReport.Malformed refused(SAXException e, String where) {
        String message = String.valueOf(e.getMessage());
        if (message.contains(DISALLOW_DOCTYPE) || message.contains("DOCTYPE") || message.contains(NO_DTD)) {
            return new BankReport.Malformed(NO_DTD, e);
        }
        return new BankReport.Malformed("not well-formed XML" + where + ": " + Redacted.message(message), e);
    }

    private static DocumentBuilderFactory factory() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature(DISALLOW_DOCTYPE, true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        return factory;
    }
}

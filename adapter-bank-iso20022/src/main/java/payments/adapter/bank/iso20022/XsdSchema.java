package payments.adapter.bank.iso20022;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javax.xml.XMLConstants;
import javax.xml.transform.Source;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * One of the official ISO 20022 XSDs the build unpacks into the classes ({@code payments/adapter/bank/xsd}),
 * compiled once: a {@link Schema} is immutable and thread-safe, while a {@link Validator} is neither, so each check
 * takes a new one. Neither the schema nor a checked document may reach anything outside (no external DTD or schema).
 */
final class XsdSchema {
    private static final String FOLDER = "/payments/adapter/bank/xsd/";
    private final String file;
    private final Schema schema;

    private XsdSchema(String file, Schema schema) {
        this.file = file;
        this.schema = schema;
    }

    /** The schema {@code file} (e.g. {@code pain.001.001.09.xsd}); a missing one is a broken build. */
    static XsdSchema load(String file) {
        URL xsd = XsdSchema.class.getResource(FOLDER + file);
        if (xsd == null) {
            throw new IllegalStateException(file + " is not on the class path (the build unpacks it into "
                    + FOLDER + ")");
        }
        try {
            SchemaFactory factory = SchemaFactory.newDefaultInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return new XsdSchema(file, factory.newSchema(xsd));
        } catch (SAXException e) {
            throw new IllegalStateException(file + " does not compile: " + e.getMessage(), e);
        }
    }

    /** The first error the validator finds in {@code document}, its values redacted; null when it is valid. */
    String firstProblem(Source document) {
        try {
            Validator validator = schema.newValidator();
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            validator.setErrorHandler(new StopAtFirstError());
            validator.validate(document);
            return null;
        } catch (SAXParseException e) {
            String line = e.getLineNumber() > 0 ? " (line " + e.getLineNumber() + ")" : "";
            return Redacted.message(e.getMessage()) + line;
        } catch (SAXException e) {
            return Redacted.message(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("reading a document to check against " + file, e);
        }
    }
}

package payments.adapter.bank.iso20022;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The tests' own view of a file, independent of the code under test: a hardened JDK parse, XPath with the message's
 * namespace bound to {@code d}, and the official XSD loaded from the class path where the build unpacked it.
 */
final class TestXml {
    private final Document document;
    private final XPath xpath;

    private TestXml(Document document, String namespace) {
        this.document = document;
        this.xpath = XPathFactory.newDefaultInstance().newXPath();
        xpath.setNamespaceContext(new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return "d".equals(prefix) ? namespace : XMLConstants.NULL_NS_URI;
            }

            @Override
            public String getPrefix(String uri) {
                return null;
            }

            @Override
            public Iterator<String> getPrefixes(String uri) {
                return List.<String>of().iterator();
            }
        });
    }

    static TestXml of(byte[] file, String namespace) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return new TestXml(factory.newDocumentBuilder().parse(new ByteArrayInputStream(file)), namespace);
        } catch (Exception e) {
            throw new AssertionError("not parseable: " + e.getMessage(), e);
        }
    }

    /** The text at {@code path} ({@code d:} elements), empty when absent. */
    String text(String path) {
        try {
            return (String) xpath.evaluate(path, document, XPathConstants.STRING);
        } catch (Exception e) {
            throw new AssertionError(path, e);
        }
    }

    List<String> texts(String path) {
        try {
            NodeList nodes = (NodeList) xpath.evaluate(path, document, XPathConstants.NODESET);
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                texts.add(nodes.item(i).getTextContent());
            }
            return texts;
        } catch (Exception e) {
            throw new AssertionError(path, e);
        }
    }

    int count(String path) {
        return texts(path).size();
    }

    /** Validates {@code file} against the official XSD {@code xsd}; throws the validator's error when invalid. */
    static void validate(String xsd, byte[] file) throws Exception {
        SchemaFactory factory = SchemaFactory.newDefaultInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        Schema schema = factory.newSchema(TestXml.class.getResource("/payments/adapter/bank/xsd/" + xsd));
        schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(file)));
    }

    static byte[] resource(String name) {
        try (InputStream in = TestXml.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new AssertionError("no test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

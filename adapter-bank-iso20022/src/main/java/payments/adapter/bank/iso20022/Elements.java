package payments.adapter.bank.iso20022;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Paths through a parsed ISO 20022 Document by element names of the message's own namespace: an element of another
 * namespace, with the same local name, is not the message's. Texts come back stripped; a missing or blank one is
 * null.
 */
final class Elements {
    private final String namespace;

    Elements(String namespace) {
        this.namespace = namespace;
    }

    /** The first element at {@code path} below {@code parent}, or null. */
    Element child(Element parent, String... path) {
        Element at = parent;
        for (String name : path) {
            if (at == null) {
                return null;
            }
            List<Element> found = children(at, name);
            at = found.isEmpty() ? null : found.get(0);
        }
        return at;
    }

    /** The elements named {@code name} directly below {@code parent}, in document order. */
    List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && name.equals(element.getLocalName())
                    && namespace.equals(element.getNamespaceURI())) {
                found.add(element);
            }
        }
        return found;
    }

    /** The stripped text at {@code path} below {@code parent}; null when it is missing or blank. */
    String text(Element parent, String... path) {
        return text(child(parent, path));
    }

    /** An element's stripped text; null when the element is missing or blank. */
    static String text(Element element) {
        if (element == null) {
            return null;
        }
        String text = element.getTextContent().strip();
        return text.isEmpty() ? null : text;
    }

    /** Whether {@code element} holds elements (a choice such as {@code <Sts><Cd>}) rather than text alone. */
    static boolean hasElements(Element element) {
        for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element) {
                return true;
            }
        }
        return false;
    }
}

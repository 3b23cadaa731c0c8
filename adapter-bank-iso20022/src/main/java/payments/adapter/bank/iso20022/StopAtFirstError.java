package payments.adapter.bank.iso20022;

import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Makes a parser or validator throw its first error (instead of printing it to standard error and going on); a
 * warning does not make a document wrong.
 */
final class StopAtFirstError implements ErrorHandler {
    @Override
    public void warning(SAXParseException exception) {
    }

    @Override
    public void error(SAXParseException exception) throws SAXException {
        throw exception;
    }

    @Override
    public void fatalError(SAXParseException exception) throws SAXException {
        throw exception;
    }
}

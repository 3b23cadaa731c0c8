package payments.ports.driven;

import java.util.UUID;

/** The only source of new ids. */
public interface Ids {
    UUID newId();
}

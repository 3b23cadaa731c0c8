package payments.ports.driven.webhook;

import java.net.InetAddress;
import java.util.List;

/** The addresses a host name has now (a DNS lookup; an IP literal is its own address). */
public interface HostAddresses {
    /** Empty when the name has none or cannot be looked up now. */
    List<InetAddress> of(String host);
}

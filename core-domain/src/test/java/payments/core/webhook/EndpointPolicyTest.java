package payments.core.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

class EndpointPolicyTest {
    private static InetAddress ip(String literal) {
        InetAddress address = AddressClass.literal(literal);
        if (address == null) {
            throw new IllegalArgumentException(literal);
        }
        return address;
    }

    @Test
    void every_address_has_its_class_and_an_ipv4_carried_in_ipv6_is_the_class_it_carries() {
        Map<String, AddressClass> expected = new java.util.LinkedHashMap<>();
        expected.put("93.184.216.34", AddressClass.PUBLIC);
        expected.put("2606:4700::6810:85e5", AddressClass.PUBLIC);
        expected.put("127.0.0.1", AddressClass.LOOPBACK);
        expected.put("127.255.0.9", AddressClass.LOOPBACK);
        expected.put("::1", AddressClass.LOOPBACK);
        expected.put("10.1.2.3", AddressClass.PRIVATE);
        expected.put("172.16.0.1", AddressClass.PRIVATE);
        expected.put("172.31.255.255", AddressClass.PRIVATE);
        expected.put("172.32.0.1", AddressClass.PUBLIC);
        expected.put("192.168.1.1", AddressClass.PRIVATE);
        expected.put("100.64.0.1", AddressClass.PRIVATE);
        expected.put("fd12:3456::1", AddressClass.PRIVATE);
        expected.put("169.254.1.1", AddressClass.LINK_LOCAL);
        expected.put("fe80::1", AddressClass.LINK_LOCAL);
        expected.put("169.254.169.254", AddressClass.METADATA);
        expected.put("fd00:ec2::254", AddressClass.METADATA);
        expected.put("100.100.100.200", AddressClass.METADATA);
        expected.put("224.0.0.1", AddressClass.MULTICAST);
        expected.put("ff02::1", AddressClass.MULTICAST);
        expected.put("0.0.0.0", AddressClass.UNSPECIFIED);
        expected.put("::", AddressClass.UNSPECIFIED);
        expected.put("255.255.255.255", AddressClass.RESERVED);
        expected.put("192.0.2.10", AddressClass.RESERVED);
        expected.put("2001:db8::1", AddressClass.RESERVED);
        expected.put("::ffff:127.0.0.1", AddressClass.LOOPBACK);
        expected.put("::ffff:169.254.169.254", AddressClass.METADATA);
        expected.put("64:ff9b::10.0.0.1", AddressClass.PRIVATE);
        expected.put("2002:a9fe:a9fe::1", AddressClass.METADATA);
        expected.forEach((literal, kind) -> assertEquals(kind, AddressClass.of(ip(literal)), literal));
    }

    @Test
    void a_production_platform_reaches_public_addresses_over_https_only() {
        EndpointPolicy policy = EndpointPolicy.DEFAULT;

        assertNull(policy.refusal(ip("93.184.216.34"), Environment.PRODUCTION));
        assertEquals("resolves to a loopback address", policy.refusal(ip("127.0.0.1"), Environment.PRODUCTION));
        assertEquals("resolves to a private address", policy.refusal(ip("10.0.0.5"), Environment.PRODUCTION));
        assertEquals("must be an https URL for a production platform",
                policy.schemeRefusal("http", Environment.PRODUCTION));
        assertNull(policy.schemeRefusal("https", Environment.PRODUCTION));
        assertNull(policy.schemeRefusal("http", Environment.SANDBOX));
    }

    @Test
    void a_sandbox_platform_reaches_the_developers_machine_but_never_metadata_unless_switched_off() {
        EndpointPolicy policy = EndpointPolicy.DEFAULT;
        EndpointPolicy shared = new EndpointPolicy(List.of(), false);

        assertNull(policy.refusal(ip("127.0.0.1"), Environment.SANDBOX));
        assertNull(policy.refusal(ip("192.168.0.20"), Environment.SANDBOX));
        assertEquals("resolves to a cloud metadata address", policy.refusal(ip("169.254.169.254"),
                Environment.SANDBOX));
        assertEquals("resolves to a link-local address", policy.refusal(ip("fe80::1"), Environment.SANDBOX));
        assertEquals("resolves to a loopback address", shared.refusal(ip("127.0.0.1"), Environment.SANDBOX));
    }

    @Test
    void an_allowed_network_is_reached_from_either_environment() {
        EndpointPolicy policy = new EndpointPolicy(List.of(Network.parse("10.8.0.0/16"), Network.parse("fd00:1::/64")),
                false);

        assertNull(policy.refusal(ip("10.8.200.1"), Environment.PRODUCTION));
        assertNull(policy.refusal(ip("fd00:1::9"), Environment.SANDBOX));
        assertEquals("resolves to a private address", policy.refusal(ip("10.9.0.1"), Environment.PRODUCTION));
        assertEquals("10.8.0.0/16", Network.parse("10.8.0.0/16").toString());
        assertEquals(32, Network.parse("10.8.0.1").prefixLength());
        for (String bad : List.of("10.8.0.0/33", "10.8.0.0/x", "example.com/8", "", "10.8.0.0/", "::/129")) {
            assertThrows(IllegalArgumentException.class, () -> Network.parse(bad), bad);
        }
    }
}

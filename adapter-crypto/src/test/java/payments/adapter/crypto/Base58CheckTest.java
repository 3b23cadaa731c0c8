package payments.adapter.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class Base58CheckTest {
    private static final HexFormat HEX = HexFormat.of();

    /** Bitcoin Core's base58_encode_decode.json vectors (plain Base58, no checksum). */
    @ParameterizedTest
    @CsvSource({
        "'', ''",
        "61, 2g",
        "626262, a3gV",
        "636363, aPEr",
        "73696d706c792061206c6f6e6720737472696e67, 2cFupjhnEsSn59qHXstmK2ffpLv2",
        "00eb15231dfceb60925886b67d065299925915aeb172c06647, 1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L",
        "516b6fcd0f, ABnLTmg",
        "bf4f89001e670274dd, 3SEo3LWLoPntC",
        "572e4794, 3EFU7m",
        "ecac89cad93923c02321, EJDM8drfXA6uyA",
        "10c8511e, Rt5zm",
        "00000000000000000000, 1111111111",
    })
    void plain_base58_matches_bitcoin_vectors_both_ways(String hex, String base58) {
        assertEquals(base58, Base58Check.base58(HEX.parseHex(hex)));
        assertArrayEquals(HEX.parseHex(hex), Base58Check.unbase58(base58));
    }

    @Test
    void base58check_of_a_bitcoin_address_payload_is_the_address() {
        byte[] payload = HEX.parseHex("00f54a5851e9372b87810a8e60cdd2e7cfd80b6e31");
        assertEquals("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs", Base58Check.encode(payload));
        assertArrayEquals(payload, Base58Check.decode("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs"));
    }

    @Test
    void leading_zero_bytes_become_leading_ones_and_back() {
        assertEquals("112edB6q", Base58Check.encode(new byte[2]));
        assertArrayEquals(new byte[2], Base58Check.decode("112edB6q"));
        assertEquals("3QJmnh", Base58Check.encode(new byte[0]));
        assertArrayEquals(new byte[0], Base58Check.decode("3QJmnh"));
    }

    @Test
    void a_wrong_checksum_is_rejected() {
        // Last character changed: the payload no longer matches its checksum.
        assertThrows(IllegalArgumentException.class, () -> Base58Check.decode("1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAt"));
        // Two characters swapped.
        assertThrows(IllegalArgumentException.class, () -> Base58Check.decode("1PMycacnJaSqwwJqjawXBErnLsZ7RkXAUs"));
    }

    @Test
    void characters_outside_the_bitcoin_alphabet_and_too_short_input_are_rejected() {
        assertThrows(IllegalArgumentException.class, () -> Base58Check.decode("0OIl"));
        assertThrows(IllegalArgumentException.class, () -> Base58Check.decode("1111"));
        assertThrows(IllegalArgumentException.class, () -> Base58Check.decode(""));
    }
}

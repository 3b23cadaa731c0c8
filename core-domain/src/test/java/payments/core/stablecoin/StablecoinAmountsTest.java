package payments.core.stablecoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;

/** Token amounts: their range, and whole minor units of the coin's fiat. */
class StablecoinAmountsTest {
    private final Stablecoin coin = StablecoinStatesTest.coin(IssuanceStatus.PROVISIONED,
            ServiceOperationsStatus.ENABLED);

    @Test
    void an_amount_is_one_to_the_ledgers_largest_and_leading_zeros_change_nothing() {
        assertEquals(1, Stablecoin.parseAmount("amount", "1"));
        assertEquals(25, Stablecoin.parseAmount("amount", "00025"));
        assertEquals(Stablecoin.MAX_AMOUNT, Stablecoin.parseAmount("amount", Long.toString(Stablecoin.MAX_AMOUNT)));
        for (String refused : new String[] {"0", "000", Long.toString(Stablecoin.MAX_AMOUNT + 1),
            "9".repeat(40)}) {
            var e = assertThrows(InvalidInput.class, () -> Stablecoin.parseAmount("amount", refused), refused);
            assertEquals("amount", InvalidFields.errorsOf(e).get(0).field());
        }
    }

    @Test
    void a_six_decimal_dollar_coin_counts_ten_thousand_units_a_cent() {
        assertEquals(10_000, coin.unitsPerFiatMinor());
        coin.requireWholeFiatMinor("amount", 1_230_000);
        assertEquals(123, coin.fiatMinor(1_230_000));
        var e = assertThrows(InvalidInput.class, () -> coin.requireWholeFiatMinor("amount", 1_230_001));
        assertEquals("amount", InvalidFields.errorsOf(e).get(0).field());
        assertTrue(e.getMessage().contains("10000"), e.getMessage());
    }

    @Test
    void a_token_is_countable_when_its_fiat_is_known_and_a_minor_unit_is_whole_token_units() {
        assertTrue(new Stablecoin.Token("t", "T", "USD", 6).isCountable());
        assertTrue(new Stablecoin.Token("t", "T", "USD", 2).isCountable());
        assertTrue(new Stablecoin.Token("t", "T", "USD", 20).isCountable());
        assertFalse(new Stablecoin.Token("t", "T", "USD", 21).isCountable());
        assertFalse(new Stablecoin.Token("t", "T", "USD", 1).isCountable());
        assertFalse(new Stablecoin.Token("t", "T", "XYZ", 6).isCountable());
        assertTrue(new Stablecoin.Token("t", "T", "VND", 0).isCountable());
    }
}

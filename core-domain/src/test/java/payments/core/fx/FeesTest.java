package payments.core.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class FeesTest {
    private final Fees all = new Fees(300, 150);
    private final Fees platform = new Fees(100, 100);

    @Test
    void a_share_is_its_fixed_fee_plus_its_part_of_the_variable_fee_rounded_down() {
        // 1,000,000 sent at 150 bps plus 300: 15,300; the platform's 100 of the 150 bps is 10,000 of the 15,000
        assertEquals(10_100, all.partOf(15_300, platform));
        // 301 of variable fee: 301 × 100 ÷ 150 = 200.67
        assertEquals(300, all.partOf(601, platform));
        assertEquals(100, new Fees(300, 0).partOf(300, new Fees(100, 0)));
    }

    @Test
    void a_fee_near_a_longs_range_is_shared_exactly_rather_than_wrapping() {
        long fee = 135_000_000_000_000_300L; // 1.5 % of 9e18, plus the fixed 300
        long expected = BigInteger.valueOf(fee - 300).multiply(BigInteger.valueOf(100))
                .divide(BigInteger.valueOf(150)).longValueExact() + 100;
        assertEquals(expected, all.partOf(fee, platform));
        assertEquals(fee, all.partOf(fee, all));
    }
}

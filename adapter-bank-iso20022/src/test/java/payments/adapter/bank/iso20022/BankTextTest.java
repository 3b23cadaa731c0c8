package payments.adapter.bank.iso20022;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class BankTextTest {
    @Test
    void sepa_texts_keep_the_latin_set_dropping_accents_and_replacing_the_rest() {
        assertEquals("Francois Muller", BankText.name("EUR", "François Müller"));
        assertEquals("A.B .C. D", BankText.name("EUR", "A&B <C> D"));
        assertEquals("/-?:().,'+ ok", BankText.remittance("EUR", "/-?:().,'+ ok"));
        assertEquals("Zoe.", BankText.name("EUR", "Zoë\u2122"), "a sign with no Latin letter in it becomes a dot");
    }

    @Test
    void whitespace_runs_become_one_space_and_nothing_printable_is_null() {
        assertEquals("a b c", BankText.name("USD", "  a \t\r\n b\u00A0\u00A0c  "));
        assertNull(BankText.name("EUR", " \t "));
        assertNull(BankText.remittance("USD", null));
    }

    @Test
    void names_are_cut_to_70_characters_for_sepa_and_140_otherwise() {
        assertEquals(70, BankText.name("EUR", "x".repeat(71)).length());
        assertEquals(140, BankText.name("USD", "x".repeat(141)).length());
        assertEquals(140, BankText.remittance("EUR", "x".repeat(141)).length());
        assertEquals("x".repeat(69), BankText.name("EUR", "x".repeat(69) + " yz"), "no space left at the cut");
    }

    @Test
    void a_wire_keeps_unicode_of_the_basic_plane_only() {
        assertEquals("Łódź 東京 .", BankText.name("USD", "Łódź 東京 \uD83D\uDE00"));
    }
}

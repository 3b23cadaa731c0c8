package payments.adapter.bank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import payments.ports.driven.bankrail.BankFiles;

class DirectoryBankFilesTest {
    @TempDir
    Path root;
    private Path outbox;
    private Path inbox;
    private Path archive;
    private DirectoryBankFiles files;

    @BeforeEach
    void folders() {
        outbox = root.resolve("out");
        inbox = root.resolve("in");
        archive = root.resolve("archive");
        files = new DirectoryBankFiles(outbox, inbox, archive);
    }

    @Test
    void the_folders_are_made_when_missing() {
        for (Path folder : List.of(outbox, inbox, archive.resolve("processed"), archive.resolve("quarantine"))) {
            assertTrue(Files.isDirectory(folder), folder.toString());
        }
    }

    @Test
    void a_file_sent_is_in_the_outbox_whole_with_no_part_file_left() throws IOException {
        byte[] content = "<Document/>".getBytes(StandardCharsets.UTF_8);

        files.send("pain.001.MSG1.xml", content);
        files.send("pain.001.MSG1.xml", content);

        assertArrayEquals(content, Files.readAllBytes(outbox.resolve("pain.001.MSG1.xml")));
        assertEquals(List.of("pain.001.MSG1.xml"), names(outbox), "nothing beside it, no .part");
    }

    @Test
    void a_name_that_could_leave_its_folder_or_hide_is_refused() {
        for (String name : List.of("../x", "a/b", "..", ".hidden", "", "a b", "x".repeat(201), "a\\b")) {
            assertThrows(IllegalArgumentException.class, () -> files.send(name, new byte[1]), name);
            assertThrows(IllegalArgumentException.class, () -> files.read(name, 10), name);
            assertThrows(IllegalArgumentException.class, () -> files.done(name), name);
            assertThrows(IllegalArgumentException.class, () -> files.quarantine(name, "why"), name);
        }
        assertThrows(IllegalArgumentException.class, () -> files.send(null, new byte[1]));
        assertFalse(Files.exists(root.resolve("x")));
    }

    @Test
    void the_inbox_lists_the_files_waiting_by_name_without_hidden_or_partial_ones() throws IOException {
        for (String name : List.of("b.xml", "a.xml", ".hidden.xml", "c.xml.part", "d.tmp", "e.filepart",
                "with space.xml")) {
            Files.writeString(inbox.resolve(name), "x");
        }
        Files.createDirectory(inbox.resolve("folder.xml"));

        assertEquals(List.of("a.xml", "b.xml"), files.inbox());
    }

    @Test
    void a_file_is_read_up_to_its_limit() throws IOException {
        Files.writeString(inbox.resolve("camt.xml"), "0123456789");

        assertArrayEquals("0123456789".getBytes(StandardCharsets.UTF_8), files.read("camt.xml", 10));
        assertThrows(BankFiles.TooLarge.class, () -> files.read("camt.xml", 9));
    }

    @Test
    void a_file_another_process_took_is_gone() {
        assertThrows(BankFiles.Gone.class, () -> files.read("missing.xml", 10));
    }

    @Test
    void a_file_done_moves_to_the_archive_and_a_second_of_its_name_does_not_overwrite_it() throws IOException {
        Files.writeString(inbox.resolve("camt.xml"), "first");
        files.done("camt.xml");
        Files.writeString(inbox.resolve("camt.xml"), "second");
        files.done("camt.xml");

        assertEquals(List.of(), files.inbox());
        assertEquals("first", Files.readString(archive.resolve("processed/camt.xml")));
        assertEquals("second", Files.readString(archive.resolve("processed/camt.xml.1")));
        assertDoesNotThrow(() -> files.done("camt.xml"), "done twice: another process took it");
        assertEquals(List.of("camt.xml", "camt.xml.1"), names(archive.resolve("processed")));
    }

    @Test
    void a_file_quarantined_moves_aside_with_the_reason_beside_it() throws IOException {
        Files.writeString(inbox.resolve("bad.xml"), "<!DOCTYPE x>");
        Files.writeString(archive.resolve("quarantine/bad.xml"), "an earlier one");

        files.quarantine("bad.xml", "a DTD or entity declaration is not accepted — refusé");

        assertEquals(List.of(), files.inbox());
        assertEquals("<!DOCTYPE x>", Files.readString(archive.resolve("quarantine/bad.xml.1")));
        assertEquals("a DTD or entity declaration is not accepted — refusé",
                Files.readString(archive.resolve("quarantine/bad.xml.1.reason.txt"), StandardCharsets.UTF_8));
        assertDoesNotThrow(() -> files.quarantine("bad.xml", "again"));
        assertEquals(List.of("bad.xml", "bad.xml.1", "bad.xml.1.reason.txt"), names(archive.resolve("quarantine")));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}

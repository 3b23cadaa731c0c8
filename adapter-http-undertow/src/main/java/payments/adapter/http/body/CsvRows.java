package payments.adapter.http.body;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.RuntimeJsonMappingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import payments.core.error.InvalidInput;
import payments.core.validation.StorableText;

/**
 * A CSV file with a header row, read one row at a time with Jackson's CSV reader (never the whole file in memory):
 * each row a map from column to cell. A file that is not text, or whose row does not parse, is 400 naming the row.
 */
public final class CsvRows implements Iterator<Map<String, String>> {
    private static final CsvMapper MAPPER = CsvMapper.builder()
            .enable(CsvParser.Feature.FAIL_ON_MISSING_HEADER_COLUMNS)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .build();
    private final MappingIterator<Map<String, String>> rows;
    private final List<String> header;
    private int row;

    private CsvRows(MappingIterator<Map<String, String>> rows, List<String> header) {
        this.rows = rows;
        this.header = header;
    }

    public static CsvRows read(InputStream in) throws IOException {
        PushbackInputStream head = new PushbackInputStream(in, 4096);
        byte[] start = head.readNBytes(4096);
        for (byte b : start) {
            if (b == 0) {
                throw new InvalidInput("INVALID_INPUT", "The file is not CSV: it holds binary data");
            }
        }
        head.unread(start);
        try {
            MappingIterator<Map<String, String>> rows = MAPPER.readerFor(Map.class)
                    .with(CsvSchema.emptySchema().withHeader()).readValues(head);
            rows.hasNext(); // reads the header
            CsvSchema schema = (CsvSchema) rows.getParserSchema();
            List<String> header = new java.util.ArrayList<>();
            schema.forEach(column -> header.add(column.getName()));
            if (header.isEmpty()) {
                throw new InvalidInput("INVALID_INPUT", "The CSV file has no header row");
            }
            return new CsvRows(rows, header);
        } catch (RuntimeJsonMappingException | IOException e) {
            throw new InvalidInput("INVALID_INPUT", "The CSV header does not parse");
        }
    }

    public List<String> header() {
        return header;
    }

    @Override
    public boolean hasNext() {
        try {
            return rows.hasNextValue();
        } catch (IOException | RuntimeJsonMappingException e) {
            throw malformed();
        }
    }

    @Override
    public Map<String, String> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        row++;
        try {
            Map<String, String> values = rows.nextValue();
            for (var cell : values.entrySet()) {
                String problem = StorableText.problem(cell.getValue());
                if (problem != null) {
                    throw new InvalidInput("INVALID_INPUT", "Row " + row + " of the CSV file: the column "
                            + cell.getKey() + " " + problem);
                }
            }
            return values;
        } catch (IOException | RuntimeJsonMappingException e) {
            throw malformed();
        }
    }

    private InvalidInput malformed() {
        return new InvalidInput("INVALID_INPUT", "Row " + (row + 1) + " of the CSV file does not parse (more cells "
                + "than columns, or an unclosed quote)");
    }
}

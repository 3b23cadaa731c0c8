package payments.core.bulk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import payments.core.error.InvalidInput;

/**
 * The columns of a customers CSV (reference/customers.md, "Bulk CSV import") and how a row becomes the body of a
 * customer's creation, which then goes through the same checks as {@code POST /customers}. Businesses may also give
 * {@code businessIncorporatedOn}, which creating a business needs and the reference's columns lack.
 */
public final class CsvCustomers {
    static final List<String> REQUIRED = List.of("umaAddress", "platformCustomerId", "customerType", "addressLine1",
            "city", "state", "postalCode", "country");
    static final Set<String> OPTIONAL = Set.of("fullName", "birthDate", "businessLegalName", "addressLine2",
            "platformAccountId", "description", "email", "businessRegistrationNumber", "businessTaxId",
            "businessIncorporatedOn");

    private CsvCustomers() {
    }

    /** 400 for a header that lacks a required column, names an unknown one or repeats one. */
    public static void checkHeader(List<String> header) {
        List<String> problems = new ArrayList<>();
        for (String column : REQUIRED) {
            if (!header.contains(column)) {
                problems.add("lacks the column " + column);
            }
        }
        for (String column : header) {
            if (!REQUIRED.contains(column) && !OPTIONAL.contains(column)) {
                problems.add("has an unknown column " + abbreviate(column));
            }
        }
        if (header.stream().distinct().count() != header.size()) {
            problems.add("repeats a column");
        }
        if (!problems.isEmpty()) {
            throw new InvalidInput("INVALID_INPUT", "The CSV header " + String.join(", ", problems)
                    + "; the columns are " + REQUIRED + " and optionally " + OPTIONAL.stream().sorted().toList());
        }
    }

    /** The creation body a row stands for; empty cells are absent. */
    public static Map<String, Object> body(Map<String, String> row) {
        Map<String, Object> body = new LinkedHashMap<>();
        String type = value(row, "customerType");
        put(body, "customerType", type);
        put(body, "platformCustomerId", value(row, "platformCustomerId"));
        put(body, "umaAddress", value(row, "umaAddress"));
        put(body, "email", value(row, "email"));
        Map<String, Object> address = new LinkedHashMap<>();
        put(address, "line1", value(row, "addressLine1"));
        put(address, "line2", value(row, "addressLine2"));
        put(address, "city", value(row, "city"));
        put(address, "state", value(row, "state"));
        put(address, "postalCode", value(row, "postalCode"));
        put(address, "country", value(row, "country"));
        body.put("address", address);
        if ("BUSINESS".equals(type)) {
            Map<String, Object> info = new LinkedHashMap<>();
            put(info, "legalName", value(row, "businessLegalName"));
            put(info, "country", value(row, "country"));
            put(info, "registrationNumber", value(row, "businessRegistrationNumber"));
            put(info, "taxId", value(row, "businessTaxId"));
            put(info, "incorporatedOn", value(row, "businessIncorporatedOn"));
            body.put("businessInfo", info);
        } else {
            put(body, "fullName", value(row, "fullName"));
            put(body, "birthDate", value(row, "birthDate"));
        }
        return body;
    }

    private static String value(Map<String, String> row, String column) {
        String v = row.get(column);
        return v == null || v.isBlank() ? null : v.trim();
    }

    private static void put(Map<String, Object> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static String abbreviate(String column) {
        return column.length() > 40 ? column.substring(0, 40) + "..." : column;
    }
}

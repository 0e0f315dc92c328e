package com.assessments.portal.reports;

import java.util.List;

/**
 * RFC 4180 CSV: CRLF line ends, a field quoted (its quotes doubled) when it holds a comma, a quote or a line break.
 * A field that a spreadsheet would read as a formula (starting with =, +, -, @, or a tab or carriage return that some
 * of them skip first) gets a leading apostrophe (OWASP's advice against CSV injection), so opening an export never
 * runs a formula someone typed into a name.
 */
public final class Csv {

    private Csv() {
    }

    public static String field(String value) {
        if (value == null) {
            return "";
        }
        String v = value;
        if (!v.isEmpty() && "=+-@\t\r".indexOf(v.charAt(0)) >= 0) {
            v = "'" + v;
        }
        if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
            v = '"' + v.replace("\"", "\"\"") + '"';
        }
        return v;
    }

    public static String line(List<String> fields) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        return out.append("\r\n").toString();
    }
}

package com.assessments.portal;

import com.assessments.portal.reports.Csv;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** RFC 4180 quoting and the formula prefix of the portal's CSV export. */
class CsvTest {

    @Test
    void fieldsAreQuotedOnlyWhenTheyMustBe() {
        assertEquals("plain", Csv.field("plain"));
        assertEquals("", Csv.field(""));
        assertEquals("", Csv.field(null));
        assertEquals("\"a,b\"", Csv.field("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.field("say \"hi\""));
        assertEquals("\"two\nlines\"", Csv.field("two\nlines"));
        assertEquals("\"cr\rhere\"", Csv.field("cr\rhere"));
        assertEquals("2025-01-01", Csv.field("2025-01-01"));
    }

    @Test
    void whatASpreadsheetWouldRunAsAFormulaGetsAnApostrophe() {
        for (String formula : List.of("=1+2", "+1", "-1", "@SUM(A1)", "\tx")) {
            assertEquals("'" + formula, Csv.field(formula), formula);
        }
        assertEquals("\"'\rx\"", Csv.field("\rx")); // prefixed, then quoted for its line break
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", Csv.field("=HYPERLINK(\"http://x\",\"y\")"));
        assertEquals("a=b", Csv.field("a=b")); // only a leading sign counts
    }

    @Test
    void linesEndWithCrLf() {
        assertEquals("a,\"b,c\",,'-d\r\n", Csv.line(Arrays.asList("a", "b,c", null, "-d")));
    }
}

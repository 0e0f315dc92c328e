package com.assessments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.lowagie.text.Chunk;
import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Paragraph;
import com.lowagie.text.pdf.PdfPTable;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import static com.assessments.report.ReportBlocks.BODY;
import static com.assessments.report.ReportBlocks.BODY_BOLD;
import static com.assessments.report.ReportBlocks.SMALL;
import static com.assessments.report.ReportBlocks.TITLE;
import static com.assessments.report.ReportBlocks.fact;
import static com.assessments.report.ReportBlocks.facts;
import static com.assessments.report.ReportBlocks.heading;
import static com.assessments.report.ReportBlocks.interpretation;
import static com.assessments.report.ReportBlocks.note;
import static com.assessments.report.ReportBlocks.num;
import static com.assessments.report.ReportBlocks.orDash;
import static com.assessments.report.ReportBlocks.para;
import static com.assessments.report.ReportCharts.fmt1;

/** The sections every report has, whatever its result kind: cover, response quality, how to read it. */
final class CommonSections {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("d MMMM uuuu", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private CommonSections() {
    }

    /** Title and the session's facts; the mock note right after when the numbers are mock values. */
    static void cover(Document doc, ReportData data, String name, String candidate, boolean mock) throws DocumentException {
        Paragraph t = new Paragraph(name + " report", TITLE);
        t.setSpacingAfter(2);
        doc.add(t);
        Paragraph sub = para("Summary of results for the hiring team", SMALL);
        sub.setSpacingAfter(10);
        doc.add(sub);
        PdfPTable facts = facts(1.2f, 8);
        fact(facts, "Candidate", candidate);
        fact(facts, "Assessment", name + (data.assessmentType() == null ? "" : " (" + data.assessmentType() + ")"));
        fact(facts, "Completed", data.completedAt() == null ? "not recorded" : DATE.format(data.completedAt()) + " (UTC)");
        fact(facts, "Organization", orDash(data.organizationName()));
        fact(facts, "Session ID", orDash(data.sessionId()));
        doc.add(facts);
        if (mock) {
            doc.add(note(ReportTexts.MOCK_NOTE));
        }
    }

    /** In place of the scores when the result is missing or of a kind this renderer does not know. */
    static void noResult(Document doc, String kind) throws DocumentException {
        doc.add(para("No result summary in a known format is available for this session"
                + (kind.isEmpty() ? "." : " (result kind \"" + kind + "\")."), BODY));
    }

    /** Reliability, the share answered and every quality flag the engine raised, explained. */
    static void quality(Document doc, JsonNode r, String kind) throws DocumentException {
        doc.add(heading("Response quality"));
        if (r.has("reliabilityScore") || r.has("reliabilityLevel")) {
            String level = r.path("reliabilityLevel").asText("");
            doc.add(interpretation("Response quality (reliability score): " + ReportTexts.fmt2(num(r, "reliabilityScore"))
                    + (level.isEmpty() ? "" : " (" + level + ")") + " on a 0 to 1 scale. ", ReportTexts.reliability(level)));
        }
        if (r.has("answeredRatio")) {
            doc.add(interpretation("Questions answered: " + fmt1(num(r, "answeredRatio") * 100) + "%. ",
                    "Scores use the answered questions; at least 90% must be answered for a valid result."));
        }
        if ("ability".equals(kind)) {
            doc.add(interpretation("Questions answered: " + r.path("numberAnswered").asLong() + ". ",
                    "Unanswered questions count as wrong, so skipping a question never raises the estimate."));
        }
        if (r.path("normsProvisional").asBoolean(false)) {
            doc.add(interpretation("Norms: " + r.path("normVersion").asText("provisional") + ". ",
                    "The percentiles compare with a provisional reference group, not yet a measured norm sample: "
                            + "treat them as indicative."));
        }
        JsonNode flags = r.path("qualityFlags");
        if (flags.size() == 0) {
            doc.add(para("No response-quality warnings were raised.", BODY));
        } else {
            for (JsonNode f : flags) {
                doc.add(interpretation("Warning – " + ReportTexts.flagTitle(f.asText()) + ": ", ReportTexts.flag(f.asText())));
            }
        }
    }

    /** Methodology of the result kind, the mock note again, and the disclaimer. */
    static void about(Document doc, String kind, boolean mock) throws DocumentException {
        doc.add(heading("How to read this report"));
        doc.add(para(ReportTexts.methodology(kind), BODY));
        if (mock) {
            doc.add(note(ReportTexts.MOCK_NOTE));
        }
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.4f);
        p.setSpacingBefore(6);
        p.add(new Chunk("Important: ", BODY_BOLD));
        p.add(new Chunk(ReportTexts.DISCLAIMER, BODY));
        doc.add(p);
    }
}

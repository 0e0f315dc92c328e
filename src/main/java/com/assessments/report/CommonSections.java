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
    private static final DateTimeFormatter DATE_DE =
            DateTimeFormatter.ofPattern("d. MMMM uuuu", Locale.GERMAN).withZone(ZoneOffset.UTC);

    private CommonSections() {
    }

    /** Title and the session's facts; the mock note right after when the numbers are mock values. */
    static void cover(Document doc, ReportData data, String name, String candidate, boolean mock) throws DocumentException {
        boolean de = data.german();
        Paragraph t = new Paragraph(de ? "Bericht: " + name : name + " report", TITLE);
        t.setSpacingAfter(2);
        doc.add(t);
        Paragraph sub = para(de ? "Zusammenfassung der Ergebnisse für das Einstellungsteam" : "Summary of results for the hiring team", SMALL);
        sub.setSpacingAfter(10);
        doc.add(sub);
        PdfPTable facts = facts(de ? 1.4f : 1.2f, 8);
        fact(facts, de ? "Person" : "Candidate", candidate);
        fact(facts, "Assessment", name + (data.assessmentType() == null ? "" : " (" + data.assessmentType() + ")"));
        fact(facts, de ? "Abgeschlossen" : "Completed", data.completedAt() == null ? (de ? "nicht erfasst" : "not recorded")
                : (de ? DATE_DE : DATE).format(data.completedAt()) + " (UTC)");
        fact(facts, de ? "Organisation" : "Organization", orDash(data.organizationName()));
        fact(facts, de ? "Sitzungs-ID" : "Session ID", orDash(data.sessionId()));
        doc.add(facts);
        if (mock) {
            doc.add(note(de ? ReportTextsDe.MOCK_NOTE : ReportTexts.MOCK_NOTE));
        }
    }

    /** In place of the scores when the result is missing or of a kind this renderer does not know. */
    static void noResult(Document doc, String kind, boolean de) throws DocumentException {
        doc.add(para((de ? "Für diese Sitzung liegt keine Ergebniszusammenfassung in einem bekannten Format vor"
                : "No result summary in a known format is available for this session")
                + (kind.isEmpty() ? "." : (de ? " (Ergebnisart „" + kind + "“)." : " (result kind \"" + kind + "\").")), BODY));
    }

    /** Reliability, the share answered and every quality flag the engine raised, explained. */
    static void quality(Document doc, JsonNode r, String kind) throws DocumentException {
        quality(doc, r, kind, false);
    }

    /** The same, in German when {@code de}. */
    static void quality(Document doc, JsonNode r, String kind, boolean de) throws DocumentException {
        doc.add(heading(de ? "Antwortqualität" : "Response quality"));
        if (r.has("reliabilityScore") || r.has("reliabilityLevel")) {
            String level = r.path("reliabilityLevel").asText("");
            doc.add(interpretation((de ? "Antwortqualität (Zuverlässigkeitswert): " : "Response quality (reliability score): ")
                    + (de ? ReportTexts.fmt2(num(r, "reliabilityScore")).replace('.', ',') : ReportTexts.fmt2(num(r, "reliabilityScore")))
                    + (level.isEmpty() ? "" : " (" + (de ? ReportTextsDe.band(level) : level) + ")")
                    + (de ? " auf einer Skala von 0 bis 1. " : " on a 0 to 1 scale. "),
                    de ? ReportTextsDe.reliability(level) : ReportTexts.reliability(level)));
        }
        if (r.has("answeredRatio")) {
            String share = fmt1(num(r, "answeredRatio") * 100);
            doc.add(de ? interpretation("Beantwortete Fragen: " + share.replace('.', ',') + " %. ",
                            "Die Werte beruhen auf den beantworteten Fragen; für ein gültiges Ergebnis müssen mindestens 90 % beantwortet sein.")
                    : interpretation("Questions answered: " + share + "%. ",
                            "Scores use the answered questions; at least 90% must be answered for a valid result."));
        }
        if ("ability".equals(kind)) {
            doc.add(de ? interpretation("Beantwortete Fragen: " + r.path("numberAnswered").asLong() + ". ",
                            "Unbeantwortete Fragen zählen als falsch; das Auslassen einer Frage erhöht die Schätzung also nie.")
                    : interpretation("Questions answered: " + r.path("numberAnswered").asLong() + ". ",
                            "Unanswered questions count as wrong, so skipping a question never raises the estimate."));
        }
        if (r.path("normsProvisional").asBoolean(false)) {
            doc.add(de ? interpretation("Normen: " + r.path("normVersion").asText("vorläufig") + ". ",
                            "Die Perzentile vergleichen mit einer vorläufigen Vergleichsgruppe, noch nicht mit einer gemessenen "
                                    + "Normstichprobe: Verstehen Sie sie als Richtwerte.")
                    : interpretation("Norms: " + r.path("normVersion").asText("provisional") + ". ",
                            "The percentiles compare with a provisional reference group, not yet a measured norm sample: "
                                    + "treat them as indicative."));
        }
        JsonNode flags = r.path("qualityFlags");
        if (flags.size() == 0) {
            doc.add(para(de ? "Es wurden keine Hinweise zur Antwortqualität ausgegeben." : "No response-quality warnings were raised.", BODY));
        } else {
            for (JsonNode f : flags) {
                doc.add(de ? interpretation("Hinweis – " + ReportTextsDe.flagTitle(f.asText()) + ": ", ReportTextsDe.flag(f.asText()))
                        : interpretation("Warning – " + ReportTexts.flagTitle(f.asText()) + ": ", ReportTexts.flag(f.asText())));
            }
        }
    }

    /** Methodology of the result kind, the mock note again, and the disclaimer. */
    static void about(Document doc, String kind, boolean mock) throws DocumentException {
        about(doc, kind, mock, false);
    }

    /** The same, in German when {@code de}. */
    static void about(Document doc, String kind, boolean mock, boolean de) throws DocumentException {
        doc.add(heading(de ? "So lesen Sie diesen Bericht" : "How to read this report"));
        doc.add(para(de ? ReportTextsDe.methodology(kind) : ReportTexts.methodology(kind), BODY));
        if (mock) {
            doc.add(note(de ? ReportTextsDe.MOCK_NOTE : ReportTexts.MOCK_NOTE));
        }
        Paragraph p = new Paragraph("", BODY);
        p.setLeading(BODY.getSize() * 1.4f);
        p.setSpacingBefore(6);
        p.add(new Chunk(de ? "Wichtig: " : "Important: ", BODY_BOLD));
        p.add(new Chunk(de ? ReportTextsDe.DISCLAIMER : ReportTexts.DISCLAIMER, BODY));
        doc.add(p);
    }
}

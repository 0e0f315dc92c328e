package com.assessments.report;

import java.util.Map;

/**
 * The report's wording in German ({@link ReportTexts} is the English): the same keys, bands and structure, formal
 * address. Used for sessions whose locale is German; only result kinds whose every text is here are offered in
 * German (disc, fra, tfd; the ability tests are not).
 */
final class ReportTextsDe {

    private ReportTextsDe() {
    }

    static final String DISCLAIMER = "Dieser Bericht ist eine Informationsquelle unter mehreren; er darf nicht die "
            + "alleinige Grundlage einer Einstellungsentscheidung sein. Ergänzen Sie ihn durch strukturierte Interviews, "
            + "Arbeitsproben und Referenzen, und verwenden Sie ihn für alle Bewerberinnen und Bewerber auf die Stelle in "
            + "gleicher Weise. Die Werte beschreiben, wie die Person zu einem bestimmten Zeitpunkt geantwortet hat, und "
            + "sind mit Messfehlern behaftet; kleine Unterschiede zwischen Werten oder Personen sind nicht aussagekräftig.";

    static final String MOCK_NOTE = "Simuliertes Ergebnis: Die Zahlen in diesem Bericht sind Testwerte eines "
            + "Testschlüssels und wurden nicht aus den Antworten der Person berechnet. Bitte nicht interpretieren.";

    static final String TEST_HEADER = "TEST – kein echtes Assessment-Ergebnis";

    static final Map<String, String> BANDS = Map.of("low", "niedrig", "moderate", "mittel", "high", "hoch");

    static String band(String band) {
        return BANDS.getOrDefault(band, band);
    }

    /** A number formatted with a decimal point, with the German decimal comma when {@code de}. */
    static String number(String formatted, boolean de) {
        return de ? formatted.replace('.', ',') : formatted;
    }

    /** "73." for the 73rd percentile. */
    static String ordinal(double v) {
        return Double.isNaN(v) ? "–" : Math.round(v) + ".";
    }

    // ---- DISC ----------------------------------------------------------------------------------------------

    static final Map<String, String> DISC_NAMES = Map.of(
            "D", "Dominanz", "I", "Initiative", "S", "Stetigkeit", "C", "Gewissenhaftigkeit");

    private static final Map<String, String[]> DISC = Map.of(
            "D", new String[]{
                    "Sucht lieber Einvernehmen, bevor gehandelt wird, und setzt sich selten durch; hält sich bei "
                            + "Konfrontationen und schnellen, einseitigen Entscheidungen eher zurück.",
                    "Übernimmt die Führung, wenn die Lage es verlangt, muss aber nicht die Kontrolle haben; verbindet "
                            + "Tempo mit Abstimmung.",
                    "Übernimmt gern die Führung und entscheidet schnell; fühlt sich bei Herausforderungen wohl und "
                            + "drängt auf Ergebnisse. Kann direkt oder ungeduldig wirken, wenn andere mehr Zeit brauchen."},
            "I", new String[]{
                    "Zurückhaltend und sachlich; zieht Inhalte dem geselligen Austausch vor. Braucht unter Umständen "
                            + "Ermutigung, um Ideen zu vertreten oder ein Netzwerk aufzubauen.",
                    "Gesellig, wenn es nötig ist, und kann andere gewinnen, arbeitet aber auch gern ruhig für sich.",
                    "Schöpft Energie aus dem Kontakt mit Menschen: spricht gern, baut schnell Beziehungen auf und "
                            + "überzeugt andere gern. Stellt Begeisterung womöglich vor Details oder Umsetzung."},
            "S", new String[]{
                    "Wird bei Routine unruhig und kommt mit schnellem Wandel und Abwechslung gut zurecht; hat "
                            + "womöglich weniger Geduld für langsame oder sich wiederholende Arbeit.",
                    "Im Allgemeinen ruhig und kooperativ; kommt mit einem mittleren Maß an Veränderung zurecht, vor "
                            + "allem wenn die Gründe erklärt werden.",
                    "Beständig, geduldig und unterstützend; schätzt Stabilität, Zusammenarbeit und feste Abläufe. "
                            + "Nimmt plötzliche Veränderungen womöglich nur zögernd an und äußert Widerspruch eher selten."},
            "C", new String[]{
                    "Bevorzugt Flexibilität gegenüber Regeln und Details und handelt auch auf unvollständiger "
                            + "Grundlage; übersieht womöglich Details oder Vorgaben.",
                    "Achtet in vernünftigem Maß auf Genauigkeit und Standards, ohne sich davon bremsen zu lassen; "
                            + "arbeitet mit genauen wie mit groben Vorgaben.",
                    "Sorgfältig, genau und qualitätsbewusst; schätzt klare Standards und prüft Fakten, bevor gehandelt "
                            + "wird. Kann vorsichtig sein oder langsam entscheiden, wenn Informationen fehlen."});

    static String disc(String dim, String band) {
        String[] t = DISC.get(dim);
        return t == null ? "" : t[ReportTexts.bandIndex(band)];
    }

    static String type12(String type12) {
        if (type12 == null || type12.length() != 2) {
            return "nicht verfügbar";
        }
        String a = DISC_NAMES.getOrDefault(type12.substring(0, 1), "?");
        String b = DISC_NAMES.getOrDefault(type12.substring(1, 2), "?");
        return type12.charAt(0) == type12.charAt(1) ? type12 + " (eine klare " + a + "-Position)"
                : type12 + " (" + a + ", mit Tendenz zu " + b + ")";
    }

    // ---- FRA -----------------------------------------------------------------------------------------------

    static final Map<String, String> FRA_SCALES = Map.of("integrity", "Integrität", "rule_compliance", "Regeltreue",
            "self_control", "Selbstkontrolle", "safety_awareness", "Sicherheitsbewusstsein");

    private static final Map<String, String[]> FRA = Map.of(
            "integrity", new String[]{
                    "Beschreibt eine flexiblere Haltung in Situationen, in denen es um Ehrlichkeit geht, als die "
                            + "meisten Personen der Vergleichsgruppe; im Interview mit Fragen zu früheren Situationen vertiefen.",
                    "Beschreibt im Allgemeinen ehrliches und faires Verhalten, bei Kleinigkeiten mit etwas Spielraum.",
                    "Beschreibt durchgehend ehrliches und faires Verhalten, auch wo eine Abkürzung unbemerkt bliebe."},
            "rule_compliance", new String[]{
                    "Gibt einen lockereren Umgang mit Regeln und Abläufen an als die Vergleichsgruppe; fragen Sie, "
                            + "wie die Person mit Vorgaben umgeht, die sie nicht teilt.",
                    "Gibt an, die meisten Regeln zu befolgen und manchmal selbst zu beurteilen, welche wichtig sind.",
                    "Gibt an, Regeln, Abläufe und Anweisungen genau zu befolgen, auch solche, die sie nicht teilt."},
            "self_control", new String[]{
                    "Beschreibt häufiger als die meisten, impulsiv zu handeln oder bei Frust heftig zu reagieren; "
                            + "fragen Sie, wie die Person mit Druck umgeht.",
                    "Bewahrt meist die Fassung, reagiert in frustrierenden Situationen aber womöglich schnell.",
                    "Beschreibt, unter Druck und bei Provokation ruhig und besonnen zu bleiben und vor dem Handeln "
                            + "nachzudenken."},
            "safety_awareness", new String[]{
                    "Gibt an, bei der Sicherheit mehr zu riskieren als die meisten der Vergleichsgruppe; wichtig für "
                            + "Stellen mit körperlichen oder sicherheitskritischen Aufgaben.",
                    "Gibt übliche Aufmerksamkeit für Sicherheit an und hält sich in den meisten Situationen an "
                            + "Vorsichtsmaßnahmen.",
                    "Gibt an, genau auf Gefahren zu achten und Sicherheitsvorkehrungen ernst zu nehmen."});

    private static final String[] FRA_GENERIC = {
            "Liegt auf dieser Skala unter den meisten der Vergleichsgruppe (höhere Werte bedeuten ein geringeres "
                    + "selbst berichtetes Risiko); im Interview nachfragen.",
            "Liegt auf dieser Skala im üblichen Bereich der Vergleichsgruppe.",
            "Liegt auf dieser Skala über den meisten der Vergleichsgruppe, was auf ein geringeres selbst berichtetes "
                    + "Risiko hinweist."};

    private static final String[] FRA_COMPOSITE = {
            "Insgesamt deuten die Antworten auf ein höheres selbst berichtetes Risiko am Arbeitsplatz hin als bei "
                    + "den meisten der Vergleichsgruppe; vertiefen Sie die niedrigsten Skalen in einem strukturierten Interview.",
            "Insgesamt liegen die Antworten im üblichen Bereich des selbst berichteten Risikos am Arbeitsplatz.",
            "Insgesamt deuten die Antworten auf ein geringeres selbst berichtetes Risiko am Arbeitsplatz hin als "
                    + "bei den meisten der Vergleichsgruppe."};

    static String fra(String scale, String band) {
        return FRA.getOrDefault(scale, FRA_GENERIC)[ReportTexts.bandIndex(band)];
    }

    static String fraComposite(String band) {
        return FRA_COMPOSITE[ReportTexts.bandIndex(band)];
    }

    // ---- TFD -----------------------------------------------------------------------------------------------

    static final Map<String, String> TFD_DIMENSIONS = Map.of("analytical", "Analytisch", "interpersonal",
            "Zwischenmenschlich", "structure", "Struktur", "drive", "Antrieb", "adaptability", "Anpassungsfähigkeit",
            "care", "Fürsorge");

    private static final Map<String, String[]> TFD = Map.of(
            "analytical", new String[]{
                    "Bevorzugt praktische, zupackende oder intuitive Herangehensweisen gegenüber langer Analyse.",
                    "Analysiert, wenn die Aufgabe es erfordert, ohne das immer vorzuziehen.",
                    "Durchdenkt Probleme gern logisch und stützt Entscheidungen auf Belege."},
            "interpersonal", new String[]{
                    "Bevorzugt selbstständige Arbeit mit wenig sozialem Kontakt.",
                    "Fühlt sich mit einer Mischung aus Arbeit mit Menschen und selbstständiger Arbeit wohl.",
                    "Arbeitet gern mit und über Menschen und fühlt sich bei häufigem Kontakt wohl."},
            "structure", new String[]{
                    "Bevorzugt flexible, locker geregelte Arbeit und Improvisation.",
                    "Arbeitet gut mit etwas Struktur, kommt aber auch mit lockeren Regelungen zurecht.",
                    "Bevorzugt klare Pläne, Abläufe und geordnetes Arbeiten."},
            "drive", new String[]{
                    "Beschreibt ein ruhiges Tempo und weniger Lust auf Wettbewerbsziele.",
                    "Zeigt beständigen Einsatz und ein übliches Interesse an anspruchsvollen Zielen.",
                    "Beschreibt viel Energie, Ehrgeiz und Ausdauer beim Verfolgen von Zielen."},
            "adaptability", new String[]{
                    "Bevorzugt stabile, vorhersehbare Arbeit und empfindet häufige Veränderungen womöglich als anstrengend.",
                    "Passt sich bei Bedarf an Veränderungen an, schätzt aber eine gewisse Stabilität.",
                    "Kommt mit Veränderungen, Unklarheit und wechselnden Prioritäten gut zurecht."},
            "care", new String[]{
                    "Konzentriert sich mehr auf Aufgaben als darauf, sich um andere zu kümmern.",
                    "Nimmt Rücksicht auf andere und behält dabei die Aufgabe im Blick.",
                    "Zeigt große Sorge um das Wohlergehen anderer und hilft gern."});

    private static final String[] TFD_GENERIC = {
            "Ein niedriger Wert auf dieser Arbeitsstil-Dimension.", "Ein mittlerer Wert auf dieser Arbeitsstil-Dimension.",
            "Ein hoher Wert auf dieser Arbeitsstil-Dimension."};

    static String tfdDimension(String dim, double score) {
        return TFD.getOrDefault(dim, TFD_GENERIC)[ReportTexts.bandIndex(ReportTexts.band(score))];
    }

    static String tfdGap(double gap) {
        if (Double.isNaN(gap)) {
            return "";
        }
        double a = Math.abs(gap);
        if (a < 10) {
            return "Nahe am Zielwert des Berufs.";
        }
        String size = a < 25 ? "etwas" : "deutlich";
        return gap > 0 ? "Liegt " + size + " über dem Zielwert des Berufs." : "Liegt " + size + " unter dem Zielwert des Berufs.";
    }

    static String tfdFit(String band, String occupation) {
        return switch (ReportTexts.bandIndex(band)) {
            case 2 -> "Das Arbeitsstilprofil der Person ähnelt in Form und Höhe dem Zielprofil, das wir für " + occupation
                    + " festgelegt haben (eine Einschätzung auf Grundlage der O*NET-Beschreibungen, nicht gemessener Stelleninhaber).";
            case 1 -> "Teilweise Ähnlichkeit mit dem Zielprofil, das wir für " + occupation + " festgelegt haben: "
                    + "Einige Dimensionen passen, andere weichen deutlich ab. Beachten Sie die größten Abweichungen unten.";
            default -> "Das Profil liegt weit vom Zielprofil entfernt, das wir für " + occupation + " festgelegt haben "
                    + "(eine Passung unter 40, wobei 0 nicht näher liegt als eine Antwort in der Mitte bei jeder Aussage). "
                    + "Das ist kein Urteil über Fähigkeiten; prüfen Sie, ob die größten Abweichungen für diese Stelle wichtig sind.";
        };
    }

    // ---- quality -------------------------------------------------------------------------------------------

    private static final Map<String, String> FLAG_TITLES = Map.of(
            "straight_lining", "Gleichförmiges Antworten", "low_variability", "Geringe Streuung",
            "inconsistent_responses", "Widersprüchliche Antworten", "incomplete", "Unvollständig",
            "random_responding", "Zufälliges Antworten", "too_fast", "Zu schnell");

    private static final Map<String, String> FLAGS = Map.of(
            "straight_lining", "Viele aufeinanderfolgende Antworten waren gleich; möglicherweise wurde nicht jede "
                    + "Aussage sorgfältig gelesen.",
            "low_variability", "Die Antworten unterschieden sich über die Aussagen hinweg kaum, daher sind die "
                    + "Unterschiede zwischen den Werten weniger aussagekräftig.",
            "inconsistent_responses", "Antworten auf gegensätzlich formulierte Aussagen stimmten nicht überein, was "
                    + "das Vertrauen in das Profil mindert.",
            "incomplete", "Einige Fragen blieben unbeantwortet; Fragebögen werten nur die beantworteten Fragen aus, "
                    + "Leistungstests zählen unbeantwortete Fragen als falsch.",
            "random_responding", "Antworten auf Aussagen zum selben Merkmal widersprechen einander etwa so stark wie "
                    + "zufällige Antworten: Die Werte beschreiben die Person möglicherweise nicht.",
            "too_fast", "Die typische Antwortzeit war sehr kurz; manche Fragen wurden möglicherweise ohne "
                    + "gründliche Überlegung beantwortet.");

    static String flagTitle(String flag) {
        return FLAG_TITLES.getOrDefault(flag, ReportTexts.humanize(flag));
    }

    static String flag(String flag) {
        return FLAGS.getOrDefault(flag, "Die Auswertung hat diesen Hinweis zur Antwortqualität ausgegeben; "
                + "interpretieren Sie die Werte mit Vorsicht.");
    }

    static String reliability(String level) {
        return switch (level == null ? "" : level) {
            case "high" -> "Antworten auf Aussagen zum selben Merkmal stimmen überein und zeigen keine Anzeichen für "
                    + "zufälliges, einseitiges oder hastiges Antworten; das Profil kann so gelesen werden, wie es ist.";
            case "moderate" -> "Einige Bedenken zur Antwortqualität: Interpretieren Sie das Profil mit Vorsicht und "
                    + "prüfen Sie es im Interview.";
            case "low" -> "Erhebliche Bedenken zur Antwortqualität: Das Profil beschreibt die Person möglicherweise "
                    + "nicht; erwägen Sie eine erneute Durchführung.";
            default -> "";
        };
    }

    // ---- methodology ---------------------------------------------------------------------------------------

    static String methodology(String kind) {
        return switch (kind) {
            case "disc" -> "Die Person hat 15 Aussagen über ihr Verhalten bei der Arbeit von 1 bis 5 bewertet. Die "
                    + "mittlere Antwort jeder Dimension (umgekehrt formulierte Aussagen gespiegelt) wird als "
                    + "(Mittelwert − 1) / 4 × 100 auf 0 bis 100 abgebildet; die Bereiche sind niedrig unter 40, mittel "
                    + "40 bis unter 70 und hoch ab 70. Die Stilposition ist die Richtung des Gesamtprofils auf dem "
                    + "D-I-S-C-Kreis, aufgeteilt in 12 Sektoren zu je 30°. Die Werte beschreiben bevorzugtes Verhalten, "
                    + "nicht Fähigkeiten: Kein Wert ist allgemein besser als ein anderer. Der Zuverlässigkeitswert ist "
                    + "ein Index der Antwortqualität: wie gut Antworten auf Aussagen zur selben Dimension übereinstimmen "
                    + "(umgekehrt formulierte eingeschlossen), abzüglich Abschlägen für Folgen gleicher Antworten, "
                    + "geringe Streuung und sehr schnelles Antworten.";
            case "fra" -> "Die Person hat 40 Aussagen auf vier Skalen bewertet (Integrität, Regeltreue, "
                    + "Selbstkontrolle, Sicherheitsbewusstsein). Höhere Werte bedeuten ein geringeres selbst berichtetes "
                    + "Risiko. Die mittlere Antwort jeder Skala wird mit einer vorläufigen Vergleichsgruppe verglichen "
                    + "und als Perzentil gezeigt (der Anteil dieser Gruppe mit niedrigerem Wert); die Bereiche sind "
                    + "niedrig unter 40, mittel 40 bis 69 und hoch ab 70. Der Gesamtwert ist der Mittelwert der vier "
                    + "standardisierten Werte, erneut standardisiert, damit er wie eine einzelne Skala streut. Die "
                    + "Normen sind vorläufig, daher ist jedes Perzentil ein Richtwert. Selbstauskünfte können vom "
                    + "Wunsch gefärbt sein, einen guten Eindruck zu machen.";
            case "tfd" -> "Die Person hat Aussagen zum Arbeitsstil bewertet, ausgewertet auf sechs Dimensionen von 0 "
                    + "bis 100. Das Profil wird mit einem Zielprofil des Berufs verglichen; der Passungswert (0 bis "
                    + "100) verbindet die Ähnlichkeit der Form (Korrelation) und der Höhe (mittlere absolute "
                    + "Abweichung), so verankert, dass 0 nicht näher liegt als eine Antwort in der Mitte bei jeder "
                    + "Aussage und 100 das Ziel selbst ist. Die Zielprofile sind unsere eigenen, festgelegt auf "
                    + "Grundlage der O*NET-Beschreibungen von Arbeitsstilen. Berufscodes und -bezeichnungen: O*NET 28 "
                    + "Database des U.S. Department of Labor, Employment and Training Administration, CC BY 4.0.";
            default -> "Für diese Ergebnisart ist keine Erläuterung der Methode verfügbar.";
        };
    }
}

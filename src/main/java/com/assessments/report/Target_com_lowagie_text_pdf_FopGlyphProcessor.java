package com.assessments.report;

import com.lowagie.text.pdf.BaseFont;
import com.oracle.svm.core.annotate.Substitute;
import com.oracle.svm.core.annotate.TargetClass;

import java.util.Map;

/**
 * Native image only (GraalVM reads these annotations at image build time; on the JVM this class is never loaded).
 *
 * <p>OpenPDF's optional glyph substitution through Apache FOP ({@code FopGlyphProcessor}, used only when FOP is on
 * the class path and a document enables glyph substitution) refers to {@code org.apache.fop} classes that this
 * service does not ship. Quarkus links the image at build time, so that reference fails the native build
 * ("Discovered unresolved type during parsing: org.apache.fop.complexscripts.util.GlyphSequence", reached from
 * {@code FontDetails.convertToBytes} through {@code PdfWriter}). The substitution says what is true on the JVM too:
 * FOP is absent, so the path is never taken, and the code that names FOP is left out of the image. The reports
 * set no glyph substitution and embed DejaVu with OpenPDF's own TrueType code, which is unaffected.
 */
@TargetClass(className = "com.lowagie.text.pdf.FopGlyphProcessor")
final class Target_com_lowagie_text_pdf_FopGlyphProcessor {

    private Target_com_lowagie_text_pdf_FopGlyphProcessor() {
    }

    @Substitute
    public static boolean isFopSupported() {
        return false;
    }

    @Substitute
    public static byte[] convertToBytesWithGlyphs(BaseFont font, String text, String fileName,
                                                  Map<Integer, int[]> longTag, String language) {
        throw new UnsupportedOperationException("glyph substitution through Apache FOP is not part of this service");
    }
}

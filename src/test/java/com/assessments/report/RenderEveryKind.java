package com.assessments.report;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The program ReportNoAwtTest runs in a JVM of its own: it first initialises what a Quarkus native build
 * initialises at image build time and that touches java.awt (OpenPDF's GrayColor constants: GRAYBLACK is the
 * initial colour of every PdfContentByte), then calls {@link #rendering()} (the watching test's cue), then renders
 * every report kind, live and test, into the directory given as the first argument. With "control" as the second
 * argument it sets one colour the way the renderer used to (OpenPDF's setRGBColorFillF) instead.
 */
public final class RenderEveryKind {

    static final String[] KINDS = {"disc", "fra", "tfd", "ability"};

    private RenderEveryKind() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Class.forName("com.lowagie.text.pdf.GrayColor", true, RenderEveryKind.class.getClassLoader());
        rendering();
        if (args.length > 1 && args[1].equals("control")) {
            // the way the renderer set colours before: OpenPDF builds an RGBColor, a java.awt.Color
            new com.lowagie.text.pdf.PdfContentByte(null).setRGBColorFillF(0.16f, 0.32f, 0.55f);
            System.out.println("control done");
            return;
        }
        for (String kind : KINDS) {
            for (boolean test : new boolean[]{false, true}) {
                byte[] pdf = ReportRenderer.render(ReportRendererTest.data(kind, test));
                Files.write(out.resolve(kind + (test ? "-test" : "") + ".pdf"), pdf);
            }
        }
        System.out.println("rendered " + KINDS.length * 2 + " reports");
    }

    /** Called once, between the build-time part and the rendering (a breakpoint of the watching test). */
    static void rendering() {
        System.out.println("rendering");
    }
}

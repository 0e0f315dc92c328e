package com.assessments.report;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PDF renderer reaches no java.awt / javax.imageio code (issue 23: OpenPDF's colour objects extend java.awt.Color,
 * and a native image without the AWT extension fails on them at run time). {@link RenderEveryKind} runs in a JVM of
 * its own under the Java debugger interface (JDI, part of the JDK): once OpenPDF's build-time part is done, a
 * breakpoint is put on every constructor and static method of every java.awt / javax.imageio class loaded so far,
 * and every such class loaded later is reported too. Rendering every report kind (live and test session) must hit
 * none of them. Class
 * loading alone ({@code -Xlog:class+load}) cannot tell this: OpenPDF's own GrayColor.GRAYBLACK (built at image build
 * time) loads java.awt.Color in any use of OpenPDF, and a colour constructed later loads nothing new.
 *
 * <p>The PDFs written by that JVM must still read back with the same text as the in-process rendering and carry the
 * colour operators (grey and RGB, fill and stroke) of the charts.
 */
class ReportNoAwtTest {

    static final Path OUT = Path.of("target", "report-no-awt");
    static final List<String> WATCHED = List.of("java.awt.", "javax.imageio.");

    record Watch(int exitCode, boolean cue, Set<String> loadedBefore, int breakpoints, List<String> violations, String output) {
    }

    @Test
    void everyKindRendersWithoutReachingAwt() throws Exception {
        Watch w = watch(OUT, false);
        assertEquals(0, w.exitCode(), w.output());
        assertTrue(w.cue(), "the rendering cue was reached\n" + w.output());
        // the watch is armed: OpenPDF's build-time part loaded java.awt.Color, and its methods carry breakpoints
        assertTrue(w.loadedBefore().contains("java.awt.Color"), w.loadedBefore().toString());
        // (how many depends on the JDK: 17 on JDK 25, more on 17; theWatchSeesAnAwtBackedColour shows they catch)
        assertTrue(w.breakpoints() > 0, "breakpoints set: " + w.breakpoints());
        assertTrue(w.violations().isEmpty(), "java.awt / javax.imageio reached while rendering:\n"
                + String.join("\n\n", w.violations()));

        for (String kind : RenderEveryKind.KINDS) {
            for (boolean test : new boolean[]{false, true}) {
                String file = kind + (test ? "-test" : "") + ".pdf";
                byte[] forked = Files.readAllBytes(OUT.resolve(file));
                byte[] here = ReportRenderer.render(ReportRendererTest.data(kind, test));
                try (PDDocument doc = Loader.loadPDF(forked); PDDocument mine = Loader.loadPDF(here)) {
                    String text = new PDFTextStripper().getText(doc);
                    assertEquals(new PDFTextStripper().getText(mine), text, file + ": the same text");
                    String flat = text.replaceAll("\\s+", " ");
                    for (String s : ReportRendererTest.expectedScores(kind)) {
                        assertTrue(flat.contains(s), file + ": \"" + s + "\" in the text");
                    }
                    Set<String> colours = colourOperators(doc);
                    for (String op : expectedColours(kind)) {
                        assertTrue(colours.contains(op), file + ": colour operator \"" + op + "\" in " + colours);
                    }
                    if (test) {
                        assertTrue(colours.contains("0.62 G"), file + ": the watermark's grey outline in " + colours);
                    }
                }
            }
        }
    }

    /** The watch catches the old way: OpenPDF's setRGBColorFillF after the cue is reported. */
    @Test
    void theWatchSeesAnAwtBackedColour() throws Exception {
        Watch w = watch(OUT.resolveSibling("report-no-awt-control"), true);
        assertEquals(0, w.exitCode(), w.output());
        assertFalse(w.violations().isEmpty(), "setRGBColorFillF builds a java.awt.Color and must be reported");
        assertTrue(w.violations().stream().anyMatch(v -> v.contains("java.awt.Color.<init>")), w.violations().toString());
    }

    static List<String> expectedColours(String kind) {
        List<String> out = new ArrayList<>(List.of("0.25 g", "0.70 G")); // chart/footer text grey, footer rule
        switch (kind) {
            case "disc" -> out.addAll(List.of("0.97 g", "0.79 0.86 0.95 rg", "0.16 0.32 0.55 rg", "0.30 G"));
            case "fra" -> out.addAll(List.of("0.95 0.96 0.98 rg", "0.88 0.92 0.97 rg", "0.16 0.32 0.55 rg", "0.55 G"));
            case "tfd" -> out.addAll(List.of("0.85 0.42 0.10 RG", "0.85 0.42 0.10 rg", "0.16 0.32 0.55 rg"));
            default -> out.addAll(List.of("0.16 0.32 0.55 RG", "0.88 0.92 0.97 rg", "0.45 G"));
        }
        return out;
    }

    /** Every g/G/rg/RG operator with its operands (two decimals) in the pages' content and their form XObjects. */
    static Set<String> colourOperators(PDDocument doc) throws IOException {
        Set<String> out = new TreeSet<>();
        for (PDPage page : doc.getPages()) {
            collect(new PDFStreamParser(page).parse(), out);
            PDResources res = page.getResources();
            for (COSName name : res.getXObjectNames()) {
                PDXObject x = res.getXObject(name);
                if (x instanceof PDFormXObject form) {
                    collect(new PDFStreamParser(form).parse(), out);
                }
            }
        }
        return out;
    }

    private static void collect(List<Object> tokens, Set<String> out) {
        List<String> operands = new ArrayList<>();
        for (Object t : tokens) {
            if (t instanceof Operator op) {
                if (Set.of("g", "G", "rg", "RG").contains(op.getName())) {
                    out.add(String.join(" ", operands) + " " + op.getName());
                }
                operands.clear();
            } else if (t instanceof COSNumber n) {
                operands.add(String.format(Locale.ROOT, "%.2f", n.floatValue()));
            } else if (t instanceof COSBase) {
                operands.add("?");
            }
        }
    }

    // ---- the watched JVM ------------------------------------------------------------------------------------

    static Watch watch(Path out, boolean control) throws Exception {
        LaunchingConnector connector = Bootstrap.virtualMachineManager().defaultConnector();
        Map<String, Connector.Argument> args = connector.defaultArguments();
        args.get("main").setValue(RenderEveryKind.class.getName() + " " + out.toAbsolutePath() + (control ? " control" : ""));
        args.get("options").setValue("-cp " + System.getProperty("java.class.path") + " -Djava.awt.headless=true");
        VirtualMachine vm = connector.launch(args);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread stdout = drain(vm.process().getInputStream(), output);
        Thread stderr = drain(vm.process().getErrorStream(), output);

        EventRequestManager requests = vm.eventRequestManager();
        for (String prefix : WATCHED) {
            ClassPrepareRequest r = requests.createClassPrepareRequest();
            r.addClassFilter(prefix + "*");
            r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
            r.enable();
        }
        ClassPrepareRequest main = requests.createClassPrepareRequest();
        main.addClassFilter(RenderEveryKind.class.getName());
        main.enable();

        boolean rendering = false;
        int breakpoints = 0;
        Set<String> before = new TreeSet<>();
        List<String> violations = new ArrayList<>();
        try {
            events:
            while (true) {
                EventSet set = vm.eventQueue().remove(TimeUnit.MINUTES.toMillis(3));
                if (set == null) {
                    vm.exit(1);
                    throw new AssertionError("the watched JVM did not finish in 3 minutes\n" + output);
                }
                for (Event e : set) {
                    if (e instanceof ClassPrepareEvent cp) {
                        String name = cp.referenceType().name();
                        if (name.equals(RenderEveryKind.class.getName())) {
                            Method cue = cp.referenceType().methodsByName("rendering").get(0);
                            requests.createBreakpointRequest(cue.location()).enable();
                        } else if (rendering) {
                            violations.add("loaded " + name + "\n" + stack(cp.thread()));
                        } else {
                            before.add(name);
                        }
                    } else if (e instanceof BreakpointEvent bp) {
                        Location at = bp.location();
                        if (!rendering && at.declaringType().name().equals(RenderEveryKind.class.getName())) {
                            rendering = true;
                            bp.request().disable();
                            breakpoints = armBreakpoints(vm, requests);
                        } else {
                            bp.request().disable(); // once per method is enough
                            violations.add("called " + at.declaringType().name() + "." + at.method().name() + "\n"
                                    + stack(bp.thread()));
                        }
                    } else if (e instanceof VMDisconnectEvent) {
                        break events;
                    }
                }
                set.resume();
            }
        } catch (VMDisconnectedException gone) {
            // the JVM ended
        }
        int exit = vm.process().waitFor();
        stdout.join(10_000);
        stderr.join(10_000);
        return new Watch(exit, rendering, before, breakpoints, violations, output.toString());
    }

    private static int armBreakpoints(VirtualMachine vm, EventRequestManager requests) {
        int n = 0;
        for (ReferenceType type : vm.allClasses()) {
            if (!type.isPrepared() || WATCHED.stream().noneMatch(type.name()::startsWith)) {
                continue;
            }
            for (Method m : type.methods()) {
                Location l = m.location();
                // constructors, class initialisers and static methods: what a native image without AWT cannot run
                // (a java.awt.Color constructor throws there, Toolkit/GraphicsEnvironment/ImageIO are stubs). An
                // instance method needs an instance, so it is either on an object caught being constructed or on
                // one built at image build time (OpenPDF reads GRAYBLACK.getAlpha() when a table ends: a field read).
                boolean creates = m.isConstructor() || m.isStaticInitializer() || m.isStatic();
                if (creates && l != null && !m.isAbstract() && !m.isNative()) {
                    BreakpointRequest b = requests.createBreakpointRequest(l);
                    b.enable();
                    n++;
                }
            }
        }
        return n;
    }

    private static String stack(ThreadReference thread) {
        StringBuilder s = new StringBuilder();
        try {
            s.append("  thread ").append(thread.name()).append(", ").append(thread.frameCount()).append(" frames\n");
            List<StackFrame> frames = thread.frames();
            for (int i = 0; i < Math.min(14, frames.size()); i++) {
                Location l = frames.get(i).location();
                s.append("    at ").append(l.declaringType().name()).append('.').append(l.method().name())
                        .append(':').append(l.lineNumber()).append('\n');
            }
        } catch (Exception e) {
            s.append("    (no stack: ").append(e).append(")\n");
        }
        return s.toString();
    }

    private static Thread drain(InputStream in, ByteArrayOutputStream to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (to) {
                        to.write(buf, 0, n);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "watched-jvm-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

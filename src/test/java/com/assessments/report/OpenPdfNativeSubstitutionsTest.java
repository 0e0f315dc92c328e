package com.assessments.report;

import com.lowagie.text.pdf.FopGlyphProcessor;
import com.oracle.svm.core.annotate.Substitute;
import com.oracle.svm.core.annotate.TargetClass;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native build's FOP substitution matches OpenPDF as it is on the class path (a renamed or re-typed target
 * method fails the native build, which CI cannot run), and says what is true on the JVM: no FOP here.
 */
class OpenPdfNativeSubstitutionsTest {

    @Test
    void everySubstituteMatchesAMethodOfTheTarget() throws Exception {
        Class<?> substitution = Class.forName("com.assessments.report.Target_com_lowagie_text_pdf_FopGlyphProcessor");
        TargetClass target = substitution.getAnnotation(TargetClass.class);
        assertEquals(FopGlyphProcessor.class.getName(), target.className());
        List<Method> substitutes = Arrays.stream(substitution.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Substitute.class)).toList();
        assertEquals(2, substitutes.size(), substitutes.toString());
        for (Method s : substitutes) {
            Method original = FopGlyphProcessor.class.getDeclaredMethod(s.getName(), s.getParameterTypes());
            assertEquals(original.getReturnType(), s.getReturnType(), s.getName());
            assertEquals(Modifier.isStatic(original.getModifiers()), Modifier.isStatic(s.getModifiers()), s.getName());
        }
        // every method of the original that names FOP is replaced (the others touch only OpenPDF and the JDK)
        for (Method m : FopGlyphProcessor.class.getDeclaredMethods()) {
            if (!m.isSynthetic()) {
                assertTrue(substitutes.stream().anyMatch(s -> s.getName().equals(m.getName())), "not substituted: " + m);
            }
        }
    }

    @Test
    void fopIsAbsentOnTheJvmToo() {
        assertFalse(FopGlyphProcessor.isFopSupported());
        assertFalse(present("org.apache.fop.complexscripts.util.GlyphSequence"));
    }

    private static boolean present(String name) {
        try {
            Class.forName(name, false, OpenPdfNativeSubstitutionsTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}

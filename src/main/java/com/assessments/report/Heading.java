package com.assessments.report;

import com.lowagie.text.Font;
import com.lowagie.text.Paragraph;

/** A heading: {@link KeepWithNextDocument} never leaves one alone at the foot of a page. */
final class Heading extends Paragraph {

    Heading(String text, Font font) {
        super(text, font);
    }
}

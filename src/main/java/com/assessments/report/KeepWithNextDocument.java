package com.assessments.report;

import com.lowagie.text.Document;
import com.lowagie.text.DocumentException;
import com.lowagie.text.Element;
import com.lowagie.text.Rectangle;
import com.lowagie.text.pdf.PdfPTable;
import com.lowagie.text.pdf.PdfWriter;

/**
 * A document that keeps each {@link Heading} with what follows it (OpenPDF has no keep-with-next): a heading is held
 * back until the next element arrives; when the space left on the page cannot take the heading and the start of that
 * element (a whole table that keeps together, else the table's first row, or the first lines of a paragraph), the
 * heading moves to a new page with it. Works the same whatever the language's word lengths.
 */
final class KeepWithNextDocument extends Document {

    /** The first lines of a paragraph that must follow its heading on the same page. */
    private static final float PARAGRAPH_START = 3 * 9.5f * 1.4f;

    private PdfWriter writer;
    private Heading pending;

    KeepWithNextDocument(Rectangle pageSize, float left, float right, float top, float bottom) {
        super(pageSize, left, right, top, bottom);
    }

    void attach(PdfWriter writer) {
        this.writer = writer;
    }

    @Override
    public boolean add(Element element) throws DocumentException {
        if (writer == null || !isOpen()) {
            return super.add(element);
        }
        if (element instanceof Heading h) {
            flush();
            pending = h;
            return true;
        }
        if (pending != null) {
            Heading h = pending;
            pending = null;
            float needed = headingHeight(h) + startHeight(element);
            float left = writer.getVerticalPosition(true) - bottom();
            if (needed > left && needed < top() - bottom()) {
                newPage();
            }
            super.add(h);
        }
        return super.add(element);
    }

    @Override
    public void close() {
        if (pending != null && isOpen()) {
            try {
                Heading h = pending;
                pending = null;
                super.add(h);
            } catch (DocumentException e) {
                throw new IllegalStateException(e);
            }
        }
        super.close();
    }

    private void flush() throws DocumentException {
        if (pending != null) {
            Heading h = pending;
            pending = null;
            super.add(h);
        }
    }

    private static float headingHeight(Heading h) {
        return h.getSpacingBefore() + h.getSpacingAfter() + h.getFont().getSize() * 1.5f;
    }

    /** How much of the element must follow the heading on its page. */
    private float startHeight(Element element) {
        if (element instanceof PdfPTable t) {
            PdfPTable copy = new PdfPTable(t);
            copy.setTotalWidth((right() - left()) * t.getWidthPercentage() / 100f);
            copy.setLockedWidth(true);
            float height = copy.getTotalHeight() + t.spacingBefore();
            return t.getKeepTogether() || copy.getRows().size() <= 1 ? height : t.spacingBefore() + copy.getRowHeight(0)
                    + (copy.getRows().size() > 1 ? copy.getRowHeight(1) : 0);
        }
        return PARAGRAPH_START;
    }
}

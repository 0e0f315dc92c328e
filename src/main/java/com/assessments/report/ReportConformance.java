package com.assessments.report;

import com.lowagie.text.pdf.PdfArray;
import com.lowagie.text.pdf.PdfDictionary;
import com.lowagie.text.pdf.PdfName;
import com.lowagie.text.pdf.PdfNumber;
import com.lowagie.text.pdf.PdfStream;
import com.lowagie.text.pdf.PdfString;
import com.lowagie.text.pdf.PdfWriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * PDF/A-2b plumbing that OpenPDF does not offer without java.awt: an sRGB output intent whose ICC profile is
 * built here from the published sRGB constants (no java.awt.color.ICC_Profile), and hand-written XMP metadata
 * with the pdfaid identification (part 2, conformance B) that mirrors the document information dictionary.
 * Nothing here validates the file: it supplies the parts PDF/A-2b requires that OpenPDF leaves out.
 */
final class ReportConformance {

    /** A compact ICC v2 display profile for sRGB IEC 61966-2.1 (D50 PCS, Bradford-adapted primaries). */
    static final byte[] SRGB_ICC = srgbProfile();

    private ReportConformance() {
    }

    /** Adds /OutputIntents [GTS_PDFA1 sRGB] to the catalog. Call after document.open(). */
    static void addOutputIntent(PdfWriter writer) throws IOException {
        PdfStream icc = new PdfStream(SRGB_ICC);
        icc.put(PdfName.N, new PdfNumber(3));
        icc.flateCompress();
        PdfDictionary intent = new PdfDictionary(PdfName.OUTPUTINTENT);
        intent.put(PdfName.S, PdfName.GTS_PDFA1);
        intent.put(PdfName.OUTPUTCONDITIONIDENTIFIER, new PdfString("sRGB IEC61966-2.1"));
        intent.put(PdfName.INFO, new PdfString("sRGB IEC61966-2.1"));
        intent.put(PdfName.REGISTRYNAME, new PdfString("http://www.color.org"));
        intent.put(PdfName.DESTOUTPUTPROFILE, writer.addToBody(icc).getIndirectReference());
        writer.getExtraCatalog().put(PdfName.OUTPUTINTENTS, new PdfArray(intent));
    }

    /** XMP packet (UTF-8) matching the information dictionary entries; dates in W3C form. */
    static byte[] xmp(String title, String author, String subject, String keywords, String creator,
                      String producer, String createdW3c, String modifiedW3c, String language) {
        String x = "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
                + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
                + "<dc:format>application/pdf</dc:format>\n"
                + "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + esc(title) + "</rdf:li></rdf:Alt></dc:title>\n"
                + "<dc:creator><rdf:Seq><rdf:li>" + esc(author) + "</rdf:li></rdf:Seq></dc:creator>\n"
                + "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + esc(subject)
                + "</rdf:li></rdf:Alt></dc:description>\n"
                + "<dc:language><rdf:Bag><rdf:li>" + esc(language) + "</rdf:li></rdf:Bag></dc:language>\n"
                + "</rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n"
                + "<pdf:Keywords>" + esc(keywords) + "</pdf:Keywords>\n"
                + "<pdf:Producer>" + esc(producer) + "</pdf:Producer>\n"
                + "</rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n"
                + "<xmp:CreatorTool>" + esc(creator) + "</xmp:CreatorTool>\n"
                + "<xmp:CreateDate>" + createdW3c + "</xmp:CreateDate>\n"
                + "<xmp:ModifyDate>" + modifiedW3c + "</xmp:ModifyDate>\n"
                + "<xmp:MetadataDate>" + modifiedW3c + "</xmp:MetadataDate>\n"
                + "</rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">\n"
                + "<pdfaid:part>2</pdfaid:part>\n"
                + "<pdfaid:conformance>B</pdfaid:conformance>\n"
                + "</rdf:Description>\n"
                + "</rdf:RDF>\n"
                + "</x:xmpmeta>\n"
                + "<?xpacket end=\"w\"?>";
        return x.getBytes(StandardCharsets.UTF_8);
    }

    private static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    // ---- ICC profile -------------------------------------------------------------------------------------

    private static byte[] srgbProfile() {
        byte[] desc = descTag("sRGB IEC61966-2.1");
        byte[] cprt = textTag("No copyright, use freely");
        byte[] wtpt = xyzTag(0.9642, 1.0, 0.8249);
        byte[] rXyz = xyzTag(0.4361, 0.2225, 0.0139);
        byte[] gXyz = xyzTag(0.3851, 0.7169, 0.0971);
        byte[] bXyz = xyzTag(0.1431, 0.0606, 0.7141);
        byte[] trc = curveTag();
        String[] sigs = {"desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"};
        byte[][] data = {desc, cprt, wtpt, rXyz, gXyz, bXyz, trc, null, null}; // the three TRCs share one curve
        int tableEnd = 128 + 4 + 12 * sigs.length;
        int[] offsets = new int[sigs.length];
        int[] sizes = new int[sigs.length];
        int pos = tableEnd;
        for (int i = 0; i < sigs.length; i++) {
            if (data[i] == null) {
                offsets[i] = offsets[i - 1];
                sizes[i] = sizes[i - 1];
                continue;
            }
            offsets[i] = pos;
            sizes[i] = data[i].length;
            pos = align4(pos + data[i].length);
        }
        ByteBuffer b = ByteBuffer.allocate(pos); // big-endian, zero-filled
        b.putInt(0, pos);
        b.putInt(8, 0x02100000);                       // version 2.1
        b.put(12, ascii("mntr")).put(16, ascii("RGB ")).put(20, ascii("XYZ "));
        b.putShort(24, (short) 2024).putShort(26, (short) 1).putShort(28, (short) 1); // date
        b.put(36, ascii("acsp"));
        b.putInt(68, s15(0.9642)).putInt(72, s15(1.0)).putInt(76, s15(0.8249)); // PCS illuminant D50
        b.putInt(128, sigs.length);
        for (int i = 0; i < sigs.length; i++) {
            int at = 132 + 12 * i;
            b.put(at, ascii(sigs[i]));
            b.putInt(at + 4, offsets[i]);
            b.putInt(at + 8, sizes[i]);
            if (data[i] != null) {
                b.put(offsets[i], data[i]);
            }
        }
        return b.array();
    }

    private static byte[] descTag(String text) {
        byte[] t = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(12 + t.length + 1 + 4 + 4 + 2 + 1 + 67);
        b.put(ascii("desc")).putInt(0).putInt(t.length + 1).put(t).put((byte) 0);
        b.putInt(0).putInt(0);               // no Unicode description
        b.putShort((short) 0).put((byte) 0); // no ScriptCode description (67 zero bytes follow)
        return b.array();
    }

    private static byte[] textTag(String text) {
        byte[] t = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(8 + t.length + 1);
        b.put(ascii("text")).putInt(0).put(t);
        return b.array();
    }

    private static byte[] xyzTag(double x, double y, double z) {
        return ByteBuffer.allocate(20).put(ascii("XYZ ")).putInt(0).putInt(s15(x)).putInt(s15(y)).putInt(s15(z))
                .array();
    }

    /** The sRGB transfer function sampled at 1024 points. */
    private static byte[] curveTag() {
        int n = 1024;
        ByteBuffer b = ByteBuffer.allocate(12 + 2 * n);
        b.put(ascii("curv")).putInt(0).putInt(n);
        for (int i = 0; i < n; i++) {
            double v = i / (double) (n - 1);
            double lin = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
            b.putShort((short) Math.round(lin * 65535));
        }
        return b.array();
    }

    private static int s15(double v) {
        return (int) Math.round(v * 65536);
    }

    private static int align4(int v) {
        return (v + 3) & ~3;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}

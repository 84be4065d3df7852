import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// The standard fonts' metrics, which pdf.js reads for PDFs that use them without embedding (Helvetica).
const standardFontDataUrl = path.resolve(import.meta.dirname, "../../node_modules/pdfjs-dist/standard_fonts") + "/";

/*
 * A PDF's text read back with a real parser (pdf.js, the legacy build that runs in Node): what a
 * person would see on each page, for tests that check a generated PDF says what it must.
 */

export interface PdfText {
  pages: string[];
  /** Every page's text, joined. */
  all: string;
  /** The document's information dictionary (Title, Author, ...). */
  info: Record<string, unknown>;
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("")
          .replace(/[ \t]+/g, " "),
      );
    }
    const { info } = await document.getMetadata();
    return { pages, all: pages.join("\n"), info: info as Record<string, unknown> };
  } finally {
    await document.destroy();
  }
}

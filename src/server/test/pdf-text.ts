/** Tests only: the text of a PDF (pdf-parse, on PDF.js) and its page count, whitespace runs made single spaces. */
import { PDFParse } from "pdf-parse";

export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const r = await parser.getText();
    return { text: r.text.replace(/\s+/g, " "), pages: r.total };
  } finally {
    await parser.destroy();
  }
}

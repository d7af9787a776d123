// The part of pdfkit 0.20's API this package uses (pdfkit ships no type declarations).
declare module 'pdfkit' {
  import { Readable } from 'node:stream';

  interface PDFMargins {
    top: number;
    bottom: number;
    left: number;
    right: number;
  }

  interface PDFPage {
    width: number;
    height: number;
    margins: PDFMargins;
  }

  interface PDFTextOptions {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    continued?: boolean;
    lineGap?: number;
    paragraphGap?: number;
    characterSpacing?: number;
    ellipsis?: boolean | string;
    /** pdfkit internals its line wrapper passes; given, they spare a measurement. */
    textWidth?: number;
    wordCount?: number;
  }

  interface PDFDocumentOptions {
    size?: string | [number, number];
    margins?: PDFMargins;
    autoFirstPage?: boolean;
    bufferPages?: boolean;
    compress?: boolean;
    /** pdfkit keeps the shaping of every distinct word unless this is false. */
    fontLayoutCache?: boolean;
    lang?: string;
    displayTitle?: boolean;
    pdfVersion?: string;
    info?: Record<string, string | Date>;
  }

  class PDFDocument extends Readable {
    constructor(options?: PDFDocumentOptions);
    page: PDFPage;
    x: number;
    y: number;
    registerFont(name: string, src: string | Buffer): this;
    font(name: string, size?: number): this;
    fontSize(size: number): this;
    fillColor(color: string, opacity?: number): this;
    strokeColor(color: string, opacity?: number): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: PDFTextOptions): this;
    text(text: string, options?: PDFTextOptions): this;
    widthOfString(text: string, options?: PDFTextOptions): number;
    heightOfString(text: string, options?: PDFTextOptions): number;
    currentLineHeight(includeGap?: boolean): number;
    moveDown(lines?: number): this;
    addPage(options?: PDFDocumentOptions): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    stroke(color?: string): this;
    fill(color?: string): this;
    end(): void;
  }

  export default PDFDocument;
}

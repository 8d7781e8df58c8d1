/** The part of fontkit (pdfkit's font engine) the letter fonts use; fontkit ships no types. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** Vertical metrics, in font units (`unitsPerEm` to an em). */
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

/**
 * The PDF of a completed performance review (GET eprs/{id}/pdf): its file
 * name, which the server sends in Content-Disposition and the web app gives
 * the download, so both name the file alike.
 */

export interface EprPdfNames {
  /** `EPR_<name>_<eid>_<id>.pdf` in ASCII letters and digits only (the plain `filename`). */
  ascii: string;
  /** The same with the name as written, in any script (`filename*`, the browser's download). */
  unicode: string;
}

const joined = (s: string, keep: RegExp) => s.replace(keep, '_').replace(/^_+|_+$/g, '');

/**
 * `EPR_Tanvir_Ahmed_1004_12.pdf`. The ASCII form drops accents (`José` is
 * `Jose`) and anything else outside A–Z and 0–9; a name with nothing left
 * (Arabic, Chinese) reads `employee` there.
 */
export function eprPdfFileName(review: { id: number; employee: { name: string; eid: string } }): EprPdfNames {
  const ascii = (s: string) => joined(s.normalize('NFKD').replace(/\p{M}+/gu, ''), /[^A-Za-z0-9]+/g);
  const unicode = (s: string) => joined(s.normalize('NFC'), /[^\p{L}\p{M}\p{N}]+/gu);
  const { name, eid } = review.employee;
  return {
    ascii: `EPR_${ascii(name) || 'employee'}_${ascii(eid)}_${review.id}.pdf`,
    unicode: `EPR_${unicode(name) || 'employee'}_${unicode(eid)}_${review.id}.pdf`,
  };
}

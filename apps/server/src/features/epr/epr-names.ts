import type { DocumentTexts } from '../../lib/document-texts';

/**
 * A review's name in the reader's language. A review is named
 * "<sheet> – <type>" when it is made, in English; read back, the type's
 * part comes in the language of `texts` (the call's, or a document's). A
 * name that is not of that shape is shown as it is.
 */
export function reviewName(
  texts: DocumentTexts,
  review: { name: string; kpiName: string; type: { id: number; name: string } },
): string {
  if (review.name !== `${review.kpiName} – ${review.type.name}`) return review.name;
  return `${review.kpiName} – ${texts.known(`epr.typeName.${review.type.id}`, review.type.name)}`;
}

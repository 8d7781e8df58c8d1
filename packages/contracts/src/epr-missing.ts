/**
 * What a review still lacks before it moves on: the parts of the
 * `epr_incomplete` error, each with its English text (a count where it has
 * one). The error's params carry them as codes (`missing_parts`, e.g.
 * `a_actuals:3,b_rating`) for the web to word in the reader's language, and
 * as the English sentence (`missing`) for the API's message.
 */
export const EPR_MISSING = {
  a_actuals: '{{count}} actual value(s) of Section A',
  a_rating: 'the Section A rating',
  b_rating: 'the Section B rating',
  b_values: '{{count}} value rating(s) of Section B',
  lm_a_actuals: "{{count}} line manager's actual value(s) of Section A",
  lm_a_rating: "the line manager's Section A rating",
  lm_b_rating: "the line manager's Section B rating",
  lm_b_values: "{{count}} line manager's value rating(s) of Section B",
  c_ratings: 'the Section C ratings',
} as const;
export type EprMissingPart = keyof typeof EPR_MISSING;

/** The `epr_incomplete` params of what is missing: a part, with its count where it has one. */
export function eprMissingParams(parts: readonly (readonly [EprMissingPart, number?])[]): {
  missing: string;
  missing_parts: string;
} {
  return {
    missing: parts
      .map(([part, count]) => EPR_MISSING[part].replace('{{count}}', String(count ?? 1)))
      .join(', '),
    missing_parts: parts.map(([part, count]) => (count === undefined ? part : `${part}:${count}`)).join(','),
  };
}

/** The parts of an `epr_incomplete` error's `missing_parts`, with their counts. */
export function readEprMissing(text: string): { part: EprMissingPart; count?: number }[] {
  return text.split(',').flatMap((item) => {
    const [part, count] = item.split(':');
    if (!part || !Object.hasOwn(EPR_MISSING, part)) return [];
    return [{ part: part as EprMissingPart, ...(count ? { count: Number(count) } : {}) }];
  });
}

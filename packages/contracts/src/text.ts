import { z } from 'zod';
import { defineMessages } from './messages';

/**
 * Text that one person types and others read: names, titles, reference
 * names in every language, descriptions, comments, addresses, reasons, file
 * names. Each such field takes one of two kinds:
 *
 * - **one line** (`oneLine`): a name or a title. No control character
 *   (Unicode general category Cc, tab, CR and LF included) and no line or
 *   paragraph separator (U+2028, U+2029).
 * - **several lines** (`severalLines`): a description, a comment, an
 *   address, a reason. Line breaks are kept (CR LF and a lone CR become LF,
 *   `linesText`); every other control character, tab included, is refused.
 *
 * Both refuse the marks that reorder the text after them until a closing
 * mark or the end of the paragraph: the embeddings and overrides LRE, RLE,
 * PDF, LRO, RLO (U+202A–U+202E) and the isolates LRI, RLI, FSI, PDI
 * (U+2066–U+2069): `"RTL\u202eeman"` shows as "RTLname" wherever it is
 * listed. Both keep the joiners ZWJ and ZWNJ (U+200D, U+200C), which
 * Arabic, Persian and Indic scripts and emoji sequences need, and the plain
 * direction marks LRM, RLM and ALM (U+200E, U+200F, U+061C): each is one
 * invisible strong letter with no scope, which only settles the direction
 * of the punctuation and digits beside it, so it cannot reverse a word;
 * right-to-left writers type them to place a full stop or a number.
 */
export const TEXT_MESSAGES = defineMessages('validation', {
  textOneLine: 'Must be on one line, without line breaks or tabs',
  textControl: 'Must not contain invisible control characters',
  textDirection: 'Must not contain characters that override the text direction',
});
const M = TEXT_MESSAGES;

/** The embeddings, overrides and isolates: LRE RLE PDF LRO RLO (U+202A–U+202E), LRI RLI FSI PDI (U+2066–U+2069). */
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Control characters: Unicode general category Cc (U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
/** What breaks a line, and the tab: CR, LF, VT, FF, NEL, the line and paragraph separators. */
const BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]/;
/** Control characters but the line breaks CR and LF. */
const CONTROL_BUT_BREAK = /(?![\n\r])\p{Cc}/u;

/** `line`: a name or a title; `lines`: a description, a comment, an address, a reason. */
export type TextKind = 'line' | 'lines';

/** Whether a text holds a mark that overrides the direction of the text after it. */
export const hasDirectionControl = (text: string) => DIRECTION_CONTROL.test(text);

/** What a text of that kind may not hold, as its validation text, or null. */
export function textProblem(text: string, kind: TextKind): string | null {
  if (hasDirectionControl(text)) return M.textDirection;
  if (kind === 'line') {
    if (BREAK_OR_TAB.test(text)) return M.textOneLine;
    if (CONTROL.test(text)) return M.textControl;
  } else if (CONTROL_BUT_BREAK.test(text)) return M.textControl;
  return null;
}

const textCheck = (kind: TextKind) =>
  z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

/** The check of one-line text: `z.string().check(oneLine)`. */
export const oneLine = textCheck('line');
/** The check of several-line text (`linesText` also makes its line breaks LF). */
export const severalLines = textCheck('lines');

/** CR LF and a lone CR as LF, so several-line text keeps one kind of line break. */
export const toLf = (text: string) => text.replace(/\r\n?/g, '\n');

/** A string schema for one-line text (a name, a title): `lineText(z.string({ error }))`. */
export function lineText(schema: z.ZodString): z.ZodString {
  return schema.check(oneLine);
}

/** A string schema for several-line text (a description, a comment): line breaks LF, then checked. */
export function linesText(schema: z.ZodString): z.ZodString {
  return schema.overwrite(toLf).check(severalLines);
}

import { z } from 'zod';
import { lineText } from './text';

/**
 * A file name a user gives (a document, an evidence image, an imported file)
 * is kept as its last path part only: `../../etc/passwd` is `passwd`,
 * `C:\x\y.pdf` is `y.pdf`. Every download and every list that shows it back
 * then names a file, never a place. Its control characters are refused with
 * the rest of one-line text (text.ts).
 */

/** The last part of a path given as a file name (`/` and `\` both separate; a drive letter goes). */
export function baseFileName(name: string): string {
  const parts = name
    .replace(/^[A-Za-z]:/, '')
    .split(/[/\\]/)
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== '.' && p !== '..');
  return parts.at(-1) ?? '';
}

/**
 * The schema of a file name: one line, trimmed, kept as its last path part,
 * required (a name of path parts only, such as `../`, is no name) and at most
 * 255 characters.
 */
export function fileNameText(required: string, tooLong: string) {
  return lineText(z.string({ error: required }).trim())
    .overwrite(baseFileName)
    .min(1, { error: required, abort: true })
    .max(255, tooLong);
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Ant Design draws each icon as an image named in English ("download",
 * "arrow-left"), which a screen reader reads inside the name of the control
 * around it, in every language. The portal's icons sit beside a text or in a
 * control named by its own aria-label, so each is drawn aria-hidden; one that
 * stands for something on its own says what in the reader's language.
 */

const src = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Icons drawn without aria-hidden or a name of their own, as `file:line: <Icon`. */
export function namedInEnglish(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/<([A-Z][A-Za-z]*(?:Outlined|Filled|TwoTone))(?=[\s/>])([^>]*)>/g)) {
    if (/\baria-(hidden|label)\b/.test(m[2] ?? '')) continue;
    found.push(`${text.slice(0, m.index).split('\n').length}: <${m[1]}`);
  }
  return found;
}

describe('icons', () => {
  it('are hidden from screen readers or named in the reader’s language', () => {
    const found = sources(src).flatMap((file) =>
      namedInEnglish(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(src, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('the check finds an icon left as it comes', () => {
    const text = [
      '<Button icon={<DownloadOutlined />}>Export</Button>',
      '<EditOutlined aria-hidden />',
      "<PhoneOutlined aria-label={t('mobile')} />",
      '<CheckCircleFilled style={{ color }} />',
    ].join('\n');
    expect(namedInEnglish(text)).toEqual(['1: <DownloadOutlined', '4: <CheckCircleFilled']);
  });
});

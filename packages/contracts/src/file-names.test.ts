import { describe, expect, it } from 'vitest';
import { baseFileName, fileNameText } from './file-names';

describe('file names are kept as their last path part', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\x\\y.pdf', 'y.pdf'],
    ['C:y.pdf', 'y.pdf'],
    ['\\\\server\\share\\scan.png', 'scan.png'],
    ['/var/tmp/../report.csv', 'report.csv'],
    ['folder/', 'folder'],
    ['..', ''],
    ['./', ''],
    ['contract 2024.pdf', 'contract 2024.pdf'],
    ['.profile', '.profile'],
    ['রসিদ.png', 'রসিদ.png'],
  ])('%s → %s', (given, kept) => {
    expect(baseFileName(given)).toBe(kept);
  });

  it('the schema answers the last part, and refuses a name of path parts only', () => {
    const schema = fileNameText('Choose a file', 'Too long');
    expect(schema.parse('  ../../etc/passwd ')).toBe('passwd');
    expect(schema.safeParse('../').error?.issues[0]?.message).toBe('Choose a file');
    expect(schema.safeParse('a\u0007b.pdf').success).toBe(false);
    expect(schema.safeParse(`dir/${'n'.repeat(256)}`).error?.issues[0]?.message).toBe('Too long');
    expect(schema.parse(`${'d'.repeat(300)}/name.pdf`)).toBe('name.pdf');
  });
});

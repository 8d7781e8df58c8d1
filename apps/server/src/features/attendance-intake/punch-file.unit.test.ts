import { fileTime, latestPunch, PUNCH_AHEAD_MINUTES } from '@hr/contracts/attendance-intake';
import { describe, expect, it } from 'vitest';
import { type ReadRow, readPunchFile, readRow, UnreadableFileError } from './punch-file';

const options = { devices: new Set(['GATE-1', 'DOOR-2']), latest: '2026-06-01 00:00:00' };

async function readAll(text: string | Buffer, chunk = 1000): Promise<ReadRow[][]> {
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  const out: ReadRow[][] = [];
  for await (const rows of readPunchFile(data, { ...options, chunk })) out.push(rows);
  return out;
}

async function failure(text: string | Buffer): Promise<UnreadableFileError> {
  try {
    await readAll(text);
  } catch (err) {
    if (err instanceof UnreadableFileError) return err;
    throw err;
  }
  throw new Error('the file was read');
}

describe('fileTime', () => {
  it.each([
    ['2026-03-02 08:57', '2026-03-02 08:57:00'],
    ['2026-03-02 08:57:12', '2026-03-02 08:57:12'],
    ['02-03-2026 08:57', '2026-03-02 08:57:00'],
    ['02-03-2026 23:59:59', '2026-03-02 23:59:59'],
    ['2024-02-29 00:00', '2024-02-29 00:00:00'],
  ])('reads %s as %s', (text, value) => {
    expect(fileTime(text)).toBe(value);
  });

  it.each([
    '2026-02-30 08:00',
    '2025-02-29 08:00',
    '2026-03-02 24:00',
    '2026-03-02 08:60',
    '2026-03-02 8:05',
    '2026-03-02T08:05:00',
    '02/03/2026 08:05',
    '2026-03-02',
    '2026-03-02 08:05:00.5',
    '',
  ])('refuses %j', (text) => {
    expect(fileTime(text)).toBeNull();
  });

  it(`the latest punch is ${PUNCH_AHEAD_MINUTES} minutes after the office's clock, on its wall clock`, () => {
    expect(latestPunch('2026-05-31 23:58:30', '2026-06-01 00:03:30')).toBe('2026-06-01 00:03:30');
    // The clock put back an hour within those minutes (summer time ends at 02:00): the wall clock's own.
    expect(latestPunch('2026-10-25 01:58:00', '2026-10-25 01:03:00')).toBe('2026-10-25 02:03:00');
    // Put forward an hour (02:00 is 03:00): the office's clock in five minutes.
    expect(latestPunch('2026-03-29 01:58:00', '2026-03-29 03:03:00')).toBe('2026-03-29 03:03:00');
  });
});

describe('readRow', () => {
  it('a good row', () => {
    expect(readRow(['E1', '2026-03-02 08:57', 'GATE-1'], 4, options)).toEqual({
      line: 4,
      eid: 'E1',
      at: '2026-03-02 08:57:00',
      device: 'GATE-1',
    });
  });

  it.each([
    [['E1', '2026-03-02 08:57'], 'columns', null],
    [['E1', '2026-03-02 08:57', 'GATE-1', 'extra'], 'columns', null],
    [['E1', 'tomorrow', 'GATE-1'], 'time_invalid', 'tomorrow'],
    [['E1', '1999-12-31 23:59', 'GATE-1'], 'time_out_of_range', '1999-12-31 23:59'],
    [['E1', '2026-06-01 00:00:01', 'GATE-1'], 'time_ahead', '2026-06-01 00:00:01'],
    [['E1', '2026-03-02 08:57', 'gate-1'], 'device_unknown', 'gate-1'],
    [['', '2026-03-02 08:57', 'GATE-1'], 'eid_unknown', ''],
    [['E'.repeat(33), '2026-03-02 08:57', 'GATE-1'], 'eid_unknown', 'E'.repeat(33)],
  ])('%j: %s', (cells, reason, value) => {
    expect(readRow(cells, 7, options)).toEqual({ line: 7, reason, value });
  });

  it('empty cells after the third do not count; a long cell is cut in the report', () => {
    expect(readRow(['E1', '2026-03-02 08:57', 'GATE-1', '', ''], 1, options)).toMatchObject({ eid: 'E1' });
    const long = 'x'.repeat(100);
    const row = readRow(['E1', '2026-03-02 08:57', long], 1, options);
    expect(row).toEqual({ line: 1, reason: 'device_unknown', value: `${'x'.repeat(59)}…` });
  });
});

describe('readPunchFile', () => {
  it('leaves out a names line, skips blank lines and keeps the lines of the file', async () => {
    const chunks = await readAll(
      '\ufeffE-ID,Date-time,Device\r\nE1,2026-03-02 08:57,GATE-1\r\n\r\nE2;02-03-2026 09:01;DOOR-2\r\n"E3","2026-03-02 09:02",GATE-9\r\n',
    );
    expect(chunks).toEqual([
      [
        { line: 2, eid: 'E1', at: '2026-03-02 08:57:00', device: 'GATE-1' },
        { line: 4, eid: 'E2', at: '2026-03-02 09:01:00', device: 'DOOR-2' },
        { line: 5, reason: 'device_unknown', value: 'GATE-9' },
      ],
    ]);
  });

  it('a first line with a digit is a row', async () => {
    const [rows] = await readAll('E1,2026-03-02 08:57,GATE-1\nE2,2026-03-02 08:58,GATE-1\n');
    expect(rows).toHaveLength(2);
  });

  it('answers rows in chunks', async () => {
    const text = Array.from(
      { length: 25 },
      (_, i) => `E${i},2026-03-02 08:${String(i).padStart(2, '0')},GATE-1`,
    ).join('\n');
    const chunks = await readAll(text, 10);
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(chunks[2]!.at(-1)).toMatchObject({ line: 25, eid: 'E24' });
  });

  it('reads a file larger than a slice of the parser whole', async () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `EMPLOYEE-${i},2026-03-02 08:00:00,GATE-1`);
    const chunks = await readAll(lines.join('\n'), 1500);
    expect(chunks.flat()).toHaveLength(4000);
    expect(chunks.flat().every((r) => !('reason' in r))).toBe(true);
  });

  it('refuses bytes that are not UTF-8 text', async () => {
    expect((await failure(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).kind).toBe('not_text');
    expect((await failure(Buffer.from('E1,2026-03-02 08:57,GAT\u00c9', 'latin1'))).kind).toBe('not_text');
  });

  it('refuses a quote left open, naming the line its row starts on', async () => {
    const err = await failure(
      'E1,2026-03-02 08:57,GATE-1\n"E2,2026-03-02 08:58,GATE-1\nE3,2026-03-02 08:59,GATE-1\n',
    );
    expect(err).toMatchObject({ kind: 'malformed', line: 2 });
    expect(await failure('E1,2026-03-02 08:57,GATE-1\nE"2,2026-03-02 08:58,GATE-1\n')).toMatchObject({
      kind: 'malformed',
      line: 2,
    });
  });
});

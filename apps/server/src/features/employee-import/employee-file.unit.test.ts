import { EMPLOYEE_IMPORT_COLUMNS, importColumn } from '@hr/contracts/employee-import';
import { fileDate } from '@hr/contracts/imports';
import { MESSAGES } from '@hr/contracts/messages';
import { describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../lib/imports';
import { type ColumnPlaces, readEmployeeFile, readHeader, readRow } from './employee-file';

const ALL = 'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date';

function placesOf(line: string): ColumnPlaces {
  const header = readHeader(line.split(','));
  if (!header.ok) throw new Error('bad header');
  return header.places;
}

const all = placesOf(ALL);
const row = (cells: string) => readRow(cells.split(','), 5, all);

describe('the first line', () => {
  it('names the columns in any order and as a sheet writes them', () => {
    const header = readHeader([
      'Joining date',
      'E-ID',
      'Name',
      'Mobile',
      'Company',
      'Line manager E-ID',
      '',
      '',
    ]);
    expect(header).toEqual({
      ok: true,
      places: new Map([
        ['joining_date', 0],
        ['eid', 1],
        ['name', 2],
        ['mobile', 3],
        ['company', 4],
        ['line_manager_eid', 5],
      ]),
    });
    for (const column of EMPLOYEE_IMPORT_COLUMNS) expect(importColumn(column)).toBe(column);
    expect(importColumn('E-mail')).toBe('email');
  });

  it('misses a required column', () => {
    expect(readHeader(['eid', 'name', 'email'])).toEqual({
      ok: false,
      missing: ['mobile', 'company'],
      unknown: [],
    });
  });

  it('names a column it does not know, or one twice', () => {
    expect(readHeader(['eid', 'name', 'mobile', 'company', 'emial', 'E-ID', ''])).toMatchObject({
      ok: false,
      unknown: ['emial', 'E-ID'],
    });
    // A data line in place of the names: every cell is unknown.
    expect(readHeader(['E1', 'Rina Das', '01712345678', 'Acme'])).toMatchObject({ ok: false });
  });
});

describe('a row', () => {
  it('takes good cells, an empty optional cell as null, and a day-first date', () => {
    expect(row('E-1,Rina Das,01712345678,,Acme Ltd,,,,15-01-2024')).toEqual({
      line: 5,
      values: {
        eid: 'E-1',
        name: 'Rina Das',
        mobile: '01712345678',
        email: null,
        company: 'Acme Ltd',
        office: null,
        designation: null,
        line_manager_eid: null,
        joining_date: '2024-01-15',
      },
      errors: [],
    });
  });

  it('refuses each bad cell with the profile rule that refused it, and keeps the good ones', () => {
    const read = row('E 1,Ana,0171234567,not-an-email,,,,bad eid!,2024-02-30');
    expect(read.errors).toEqual([
      { line: 5, reason: 'eid_invalid', value: 'E 1', detail: MESSAGES.eidInvalid },
      { line: 5, reason: 'name_invalid', value: 'Ana', detail: MESSAGES.profileNameLength },
      { line: 5, reason: 'mobile_invalid', value: '0171234567', detail: MESSAGES.mobileLength },
      { line: 5, reason: 'email_invalid', value: 'not-an-email', detail: MESSAGES.emailInvalid },
      { line: 5, reason: 'company_invalid', value: '', detail: MESSAGES.companyNameRequired },
      { line: 5, reason: 'line_manager_eid_invalid', value: 'bad eid!', detail: MESSAGES.eidInvalid },
      { line: 5, reason: 'joining_date_invalid', value: '2024-02-30', detail: MESSAGES.dateInvalid },
    ]);
    expect(read.values).toEqual({ office: null, designation: null });
  });

  it.each([
    ['01012345678', MESSAGES.mobileInvalid],
    ['01212345678', MESSAGES.mobileInvalid],
    ['0171234567a', MESSAGES.mobileDigits],
    ['', MESSAGES.mobileRequired],
  ])('refuses the mobile %j: %s', (mobile, detail) => {
    expect(row(`E-1,Rina Das,${mobile},,Acme,,,,`).errors).toEqual([
      { line: 5, reason: 'mobile_invalid', value: mobile, detail },
    ]);
  });

  it('refuses a row with more or fewer cells than the first line names (empty cells at the end aside)', () => {
    expect(row('E-1,Rina Das,01712345678').errors).toEqual([
      { line: 5, reason: 'columns', value: null, detail: null },
    ]);
    expect(row('E-1,Rina Das,01712345678,,Acme,,,,,extra').errors[0]?.reason).toBe('columns');
    expect(row('E-1,Rina Das,01712345678,,Acme,,,,,,').errors).toEqual([]);
  });

  it('a long cell is cut in the report', () => {
    const long = 'x'.repeat(120);
    expect(row(`E-1,${long},01712345678,,Acme,,,,`).errors[0]?.value).toBe(`${'x'.repeat(59)}…`);
  });

  it('reads only the columns the file has', () => {
    const places = placesOf('company,mobile,name,eid');
    expect(readRow(['Acme', '01712345678', 'Rina Das', 'E-1'], 2, places).values).toEqual({
      company: 'Acme',
      mobile: '01712345678',
      name: 'Rina Das',
      eid: 'E-1',
    });
  });
});

describe('fileDate', () => {
  it.each([
    ['2024-01-15', '2024-01-15'],
    ['15-01-2024', '2024-01-15'],
    ['15/01/2024', '2024-01-15'],
    ['29.02.2024', '2024-02-29'],
  ])('reads %s as %s', (text, value) => expect(fileDate(text)).toBe(value));

  it.each(['2023-02-29', '31-04-2024', '2024/01/15', '1-1-2024', 'soon', ''])('refuses %j', (text) =>
    expect(fileDate(text)).toBeNull(),
  );
});

describe('readEmployeeFile', () => {
  it('reads the names line, then each row with the line of the file', async () => {
    const text = `\ufeff${ALL}\r\nE-1;Rina Das;01712345678;;Acme;;;;\r\n\r\n"E-2","Karim Uddin","01812345678",,Acme,,,E-1,\r\n`;
    const file = await readEmployeeFile(Buffer.from(text));
    expect(file.header.ok).toBe(true);
    expect(file.rows.map((r) => [r.line, r.values.eid, r.values.line_manager_eid, r.errors])).toEqual([
      [2, 'E-1', null, []],
      [4, 'E-2', 'E-1', []],
    ]);
  });

  it('an empty file has no rows', async () => {
    expect((await readEmployeeFile(Buffer.from(''))).rows).toEqual([]);
    expect((await readEmployeeFile(Buffer.from(`${ALL}\n`))).rows).toEqual([]);
  });

  it('refuses what is not CSV text, or a quote left open', async () => {
    await expect(readEmployeeFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
    await expect(readEmployeeFile(Buffer.from(`${ALL}\nE-1,"Rina,0171\nE-2,x\n`))).rejects.toMatchObject({
      kind: 'malformed',
      line: 2,
    });
  });
});

import fs from 'node:fs';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { chooseView, clickToClose, listOf, rowWith } from '../support/antd';
import { apiAs } from '../support/api';
import { signIn } from '../support/helpers';

/**
 * The attendance report (SPEC.md §2): an employee's own days and their CSV,
 * a line manager's view of a team member and of the team summary, and the
 * profile's attendance calendar. Tanvir Ahmed (1004) reports to Farhana
 * Akter (1003). The punch the tests look for is their own: HR (1001) adds a
 * device of its own and imports a punch for 1004 through it, three days
 * before today, at a minute the demo punches never use.
 */

const BROWSER_ZONE = 'Asia/Dhaka';
const PUNCH_TIME = '08:07';

/** Today in the browser's time zone (the one the portal's pickers count in), YYYY-MM-DD. */
const browserToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_ZONE }).format(new Date());
/** A YYYY-MM-DD date moved by a number of days. */
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** DD-MM-YYYY, as the portal shows a YYYY-MM-DD date. */
const dmy = (date: string) => date.split('-').reverse().join('-');
const monthStart = (date: string) => `${date.slice(0, 8)}01`;
/** The month before a YYYY-MM month. */
const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

interface CalendarDay {
  date: string;
  absent: boolean;
  late: boolean;
  late_in_minute: number;
}

/**
 * HR adds a device of its own and imports one punch for 1004 on a day three
 * days back (well in the past on the server's clock too, whatever the time
 * zones), and answers that day.
 */
async function importPunch(request: APIRequestContext): Promise<string> {
  const admin = await apiAs(request, '1001');
  const day = addDays(browserToday(), -3);
  const code = `E2E-ATT-${Date.now().toString(36)}`.toUpperCase();
  // HR's file is not held to the device's company: any company will do.
  const { items } = await admin.get<{ items: { id: number }[] }>('companies');
  await admin.post('attendance/devices', { code, name: `Attendance test ${code}`, company_id: items[0]!.id });
  const csv = `E-ID,Date-time,Device\n1004,${day} ${PUNCH_TIME}:00,${code}\n`;
  const result = await admin.post<{ status: string; refused: number }>('attendance/imports', {
    file_name: 'attendance-test.csv',
    file: Buffer.from(csv).toString('base64'),
  });
  expect(result).toMatchObject({ status: 'done', refused: 0 });
  return day;
}

/** A downloaded CSV: its name, whether it starts with the byte-order mark, and its lines. */
async function readCsv(download: Download) {
  const bytes = fs.readFileSync(await download.path());
  return {
    name: download.suggestedFilename(),
    bom: [...bytes.subarray(0, 3)],
    lines: bytes.subarray(3).toString('utf8').trim().split(/\r?\n/),
  };
}

/** Picks one of the range's presets (Today, This Month), beside its from and to dates. */
async function pickPreset(page: Page, preset: string) {
  await page
    .getByRole('search', { name: 'Choose the report' })
    .getByRole('button', { name: preset, exact: true })
    .click();
}

/**
 * Where a DD-MM-YYYY date shows inside an element: the x of its day and of
 * its year. Read left to right, the day comes first, also inside Arabic text.
 */
async function datePlaces(scope: Locator, date: string) {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(text);
      if (at < 0) continue;
      const x = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, at + from);
        range.setEnd(node, at + to);
        return range.getBoundingClientRect().x;
      };
      return { day: x(0, 2), year: x(6, 10) };
    }
    return null;
  }, date);
}

async function chooseLanguage(page: Page, language: 'العربية' | 'English') {
  // The menu is open before its item is picked (a menu not drawn yet would count as closed). It closes
  // when the window is resized, as a full-page screenshot just before does for a moment: opened again then.
  const item = page.getByRole('menuitem', { name: language });
  await expect(async () => {
    if (!(await item.isVisible()))
      await page.getByRole('button', { name: /Choose language|اختر اللغة/ }).click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await clickToClose(item);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'English' ? 'ltr' : 'rtl');
}

test.describe('attendance', () => {
  test('an employee reads this month, a day at a time or the month so far, and exports it as CSV', async ({
    page,
    request,
  }, testInfo) => {
    const me = await apiAs(request, '1004');
    const today = browserToday();
    await signIn(page, '1004', { path: '/attendance' });

    // The header names the employee, their E-ID and the range; an employee has no team to pick from.
    const header = page.getByRole('region', { name: `Attendance of ${me.name}` });
    await expect(header).toContainText(me.name);
    await expect(header).toContainText('E-ID: 1004');
    await expect(header).toContainText(`${dmy(monthStart(today))} to ${dmy(today)}`);
    await expect(page.getByRole('combobox', { name: 'Employee' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Team summary' })).toHaveCount(0);

    const table = page.getByRole('table', { name: `Days of ${me.name}` });
    const dataRows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

    // Today: one row, dated and with its weekday.
    await pickPreset(page, 'Today');
    await expect(header).toContainText(`${dmy(today)} to ${dmy(today)}`);
    await expect(dataRows).toHaveCount(1);
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    await expect(dataRows.first()).toContainText(dmy(today));
    await expect(dataRows.first()).toContainText(weekday);

    // This Month: every day from the first to today, in one table without pages.
    await pickPreset(page, 'This Month');
    const days = Number(today.slice(8, 10));
    await expect(dataRows).toHaveCount(days);
    await expect(rowWith(table, dmy(monthStart(today)))).toBeVisible();
    await expect(page.getByRole('navigation', { name: /pagination/i })).toHaveCount(0);
    await expect(header.getByRole('group', { name: 'Totals of the range' })).toContainText('Working days');
    // The chart of the range, named and summed up in words, with its legend.
    const chart = page.getByRole('figure', { name: 'The range at a glance' });
    await expect(chart).toContainText(`From ${dmy(monthStart(today))} to ${dmy(today)}:`);
    await expect(chart.getByRole('list', { name: 'What the colours mean' })).toBeVisible();
    // Pointing at a day of the drawing tells that day in words: today is the last, at the right.
    const strip = chart.locator('svg').first();
    const { width } = (await strip.boundingBox())!;
    await strip.hover({ position: { x: width - 4, y: 32 } });
    await expect(chart).toContainText(`${dmy(today)} · ${weekday}`);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: testInfo.outputPath('attendance-report-en.png'), fullPage: true });
    await chart.screenshot({ path: testInfo.outputPath('attendance-chart-en.png') });

    // The CSV: the server's file under SPEC.md's name, UTF-8 with a byte-order mark, a line a day.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readCsv(download);
    expect(csv.name).toBe(`Attendance_${me.name}_1004_${monthStart(today)}_${today}.csv`);
    expect(csv.bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.lines[0]).toBe('Date,Absent,Present,Late,Late (minutes),Leave,Remote work,Punch in,Punch out');
    expect(csv.lines).toHaveLength(days + 1);
    expect(csv.lines.at(-1)).toMatch(new RegExp(`^${dmy(today)},(Yes|No),(Yes|No),(Yes|No),\\d+,`));

    // The same report right to left, in Arabic.
    await chooseLanguage(page, 'العربية');
    await expect(page.getByRole('heading', { name: 'الحضور', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: `أيام ${me.name}` })).toBeVisible();
    // Dates inside Arabic sentences still read day, month, year from the left.
    const arabicHeader = page.getByRole('region', { name: `حضور ${me.name}` });
    await expect(arabicHeader).toContainText(`من ${dmy(monthStart(today))} إلى ${dmy(today)}`);
    const places = await datePlaces(arabicHeader, dmy(monthStart(today)));
    expect(places!.day).toBeLessThan(places!.year);
    await expect(page.getByRole('figure', { name: 'الفترة في لمحة' })).toBeVisible();
    await page.getByRole('figure', { name: 'الفترة في لمحة' }).screenshot({
      path: testInfo.outputPath('attendance-chart-ar.png'),
    });
    await expect(page.getByRole('button', { name: 'تصدير CSV' })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('attendance-report-ar.png'), fullPage: true });
    await chooseLanguage(page, 'English');
  });

  test('the report is drawn without Ant Design and without a chart library', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await signIn(page, '1004', { path: '/attendance' });
    await expect(page.getByRole('figure', { name: 'The range at a glance' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Days of / })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // None of Ant Design's elements, styles or frame; the chart is the page's own drawing.
    expect(
      await page.evaluate(() => ({
        elements: document.querySelectorAll('.ant-app, [class^="ant-"], [class*=" ant-"]').length,
        styles: document.querySelectorAll('link[data-antd]').length,
      })),
    ).toEqual({ elements: 0, styles: 0 });
    expect(scripts.filter((s) => /\/(AntdFrame|AttendanceChart)-/.test(s))).toEqual([]);
  });

  test('a line manager opens a team member’s report and the team summary', async ({
    page,
    request,
  }, testInfo) => {
    const day = await importPunch(request);
    const employee = await apiAs(request, '1004');
    const manager = await apiAs(request, '1003');
    const today = browserToday();
    await signIn(page, '1003', { path: `/attendance?from=${day}&to=${today}` });

    // Their own report first ("Me"), then Tanvir's, picked from their team.
    await expect(page.getByRole('region', { name: `Attendance of ${manager.name}` })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Employee' });
    await picker.click();
    await picker.pressSequentially('Tanvir');
    const options = await listOf(page, picker);
    await clickToClose(options.getByRole('option', { name: `${employee.name} (1004)` }), options);

    const header = page.getByRole('region', { name: `Attendance of ${employee.name}` });
    await expect(header).toContainText('E-ID: 1004');
    await expect(page).toHaveURL(new RegExp(`employee=${employee.employeeId}`));
    const table = page.getByRole('table', { name: `Days of ${employee.name}` });
    const punched = rowWith(table, dmy(day));
    await expect(punched).toContainText(PUNCH_TIME);
    await expect(punched).toContainText('Present');

    // The team summary: a row of totals per person; the name opens their report.
    await chooseView(page, 'Team summary');
    const summary = page.getByRole('table', { name: 'Team summary' });
    const tanvir = summary
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Open the report of ${employee.name}` }) });
    await expect(tanvir).toContainText('1004');
    await expect(summary.getByRole('columnheader', { name: 'Late minutes' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('attendance-summary-en.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export summary CSV' }).click(),
    ]);
    const csv = await readCsv(download);
    expect(csv.name).toBe(`Attendance_summary_${day}_${today}.csv`);
    expect(csv.bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.lines[0]).toBe(
      'Employee,E-ID,Working days,Present,Absent,Late,Late (minutes),Leave,Remote work',
    );
    expect(csv.lines).toContainEqual(expect.stringMatching(new RegExp(`^${employee.name},1004,\\d+,`)));

    await tanvir.getByRole('link', { name: `Open the report of ${employee.name}` }).click();
    await expect(header).toBeVisible();
    await expect(rowWith(table, dmy(day))).toContainText(PUNCH_TIME);
    await expect(page.getByRole('combobox', { name: 'Employee' })).toBeVisible();

    // The dashboard: the manager's own day and month, and who of the team is absent or late today.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const mine = page.getByRole('region', { name: 'My attendance' });
    await expect(mine).toContainText('Punch in today');
    await expect(mine).toContainText('Late days this month');
    const team = page.getByRole('region', { name: 'My team today' });
    const todays = await manager.get<{
      rows: { employee: { name: string }; absent: number; late: number }[];
    }>('report/attendance/summary', { from_date: today, to_date: today });
    for (const [label, who] of [
      ['Absent today', todays.rows.filter((r) => r.absent > 0)],
      ['Late today', todays.rows.filter((r) => r.late > 0)],
    ] as const) {
      if (who.length === 0) {
        await expect(team.getByRole('list', { name: label })).toHaveCount(0);
        continue;
      }
      const list = team.getByRole('list', { name: label });
      await expect(list.getByRole('listitem')).toHaveCount(Math.min(who.length, 6));
      const named = await list.getByRole('link').allTextContents();
      expect(named.filter((n) => !who.some((w) => w.employee.name === n))).toEqual([]);
    }
    await page.screenshot({ path: testInfo.outputPath('attendance-dashboard-en.png'), fullPage: true });
  });

  test('the profile’s calendar colours the days, with a legend and each day in words', async ({
    page,
    request,
  }, testInfo) => {
    const day = await importPunch(request);
    const employee = await apiAs(request, '1004');
    await signIn(page, '1004', { path: '/profile' });

    const calendar = page.getByRole('region', { name: 'Attendance calendar' });
    const legend = calendar.getByRole('list', { name: 'What the colours mean' });
    for (const kind of ['Present', 'Late', 'Absent', 'Leave', 'Remote work', 'Holiday', 'Weekly off'])
      await expect(legend.getByRole('listitem').filter({ hasText: new RegExp(`^${kind}$`) })).toBeVisible();

    // No month after the current one.
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    if (day.slice(0, 7) !== browserToday().slice(0, 7)) {
      await calendar.getByRole('button', { name: 'Previous month' }).click();
    }

    // The imported punch makes its day present, told in words as well as by its colour.
    const punched = calendar.getByRole('cell', { name: new RegExp(`^${dmy(day)}`) });
    await expect(punched).toContainText(`Present`);
    await expect(punched).toContainText(`In ${PUNCH_TIME}`);
    await expect(calendar.getByRole('cell', { name: /Weekly off/ }).first()).toBeVisible();
    // The days of the months around it are read in the same format, never as 2026-12-01.
    await expect(calendar.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}/ })).toHaveCount(0);
    expect(await calendar.getByRole('cell', { name: /^\d{2}-\d{2}-\d{4}, / }).count()).toBeGreaterThanOrEqual(
      35,
    );

    // A late or absent day, as the server counts it (in that month or the one before), is told in words too.
    let marked: CalendarDay | undefined;
    let shown = day.slice(0, 7);
    for (const month of [shown, previousMonth(shown)]) {
      shown = month;
      const answer = await employee.get<{ days: CalendarDay[] }>('report/attendance/calendar', {
        employee_id: employee.employeeId,
        month,
      });
      marked = answer.days.find((d) => d.absent) ?? answer.days.find((d) => d.late);
      if (marked) break;
      await calendar.getByRole('button', { name: 'Previous month' }).click();
    }
    expect(marked, 'a late or absent day of 1004 in the two months').toBeTruthy();
    const cell = calendar.getByRole('cell', { name: new RegExp(`^${dmy(marked!.date)}`) });
    await expect(cell).toContainText(marked!.absent ? 'Absent' : `Late (${marked!.late_in_minute} min)`);
    await page.screenshot({ path: testInfo.outputPath('attendance-calendar-en.png'), fullPage: true });

    await chooseLanguage(page, 'العربية');
    await expect(page.getByRole('region', { name: 'تقويم الحضور' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'تقويم الحضور' })).toContainText(
      new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(
        new Date(`${shown}-01T00:00:00Z`),
      ),
    );
    await page.getByRole('region', { name: 'تقويم الحضور' }).screenshot({
      path: testInfo.outputPath('attendance-calendar-ar.png'),
    });
    await chooseLanguage(page, 'English');
  });
});

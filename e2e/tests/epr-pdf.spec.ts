import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type ApiSession, apiAs, unique } from '../support/api';
import { signIn } from '../support/helpers';
import { approvedSheet } from '../support/kpi';

/**
 * A completed review of 1004 (line manager 1003, O&O 1002), walked through
 * the workflow by the API, downloads as a PDF from its page; the PDF's first
 * page is drawn (pdf.js in the browser) and kept with the test's results.
 */

interface Review {
  id: number;
  section_a: { objectives: { lines: { id: number }[] }[] };
  section_b: { stables: { id: number }[] };
  status: { id: number };
}

/** The review, filled by each side before each step: 1004 submits, 1003 approves, 1002 completes it. */
async function completedReview(employee: ApiSession, lm: ApiSession, oo: ApiSession, kpiName: string) {
  const kpiId = await approvedSheet(
    { employee, lineManager: lm, oneOverOne: oo },
    {
      from: '2043-01-01',
      to: '2043-12-31',
      name: unique('PDF plan'),
      objective: 'Keep customers',
      kpi: kpiName,
    },
  );
  const review = await employee.post<Review>('eprs', {
    kpi_id: kpiId,
    type_id: 2,
    from_date: '2043-01-01',
    to_date: '2043-06-30',
  });
  const line = review.section_a.objectives[0]!.lines[0]!;
  await employee.patch(`eprs/${review.id}/sections/a/objectives`, [{ objective_id: line.id, actual: 8 }]);
  await employee.patch(`eprs/${review.id}/sections/a`, { rating: 2, comment: 'Most targets reached' });
  await employee.patch(`eprs/${review.id}/sections/b`, { rating: 3 });
  for (const st of review.section_b.stables)
    await employee.patch(`eprs/sections/b/stables/${st.id}`, { rating: 2 });
  await employee.patch('eprs/actions/submit', { epr_id: review.id });

  await lm.patch(`eprs/${review.id}/sections/a/objectives`, [{ objective_id: line.id, lm_actual: 10 }]);
  await lm.patch(`eprs/${review.id}/sections/a`, { lm_rating: 3, lm_comment: 'Every quarter on target' });
  await lm.patch(`eprs/${review.id}/sections/b`, { lm_rating: 2 });
  for (const st of review.section_b.stables)
    await lm.patch(`eprs/sections/b/stables/${st.id}`, { lm_rating: 2 });
  await lm.post(`eprs/sections/d/${review.id}/dev-plan`, {
    dev_area: 'Negotiation',
    action_plan: 'Join two contract negotiations with sales',
    when: 'Next quarter',
    who: 'Line manager',
  });
  await lm.patch('eprs/actions/approve-line-manager', { epr_id: review.id });
  const done = await oo.patch<Review>('eprs/actions/approve', { epr_id: review.id });
  expect(done.status.id).toBe(4);
  return review.id;
}

/**
 * Draws the first page of a PDF on a canvas with pdf.js (the copy the server's
 * tests use), on a blank page the test serves itself; answers the first
 * page's text and the number of pages.
 */
async function drawFirstPage(page: Page, pdf: Buffer) {
  const pdfjs = fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
  const files: Record<string, { body: string | Buffer; contentType: string }> = {
    '/__pdf/view': {
      body: '<!doctype html><title>Review PDF</title><body></body>',
      contentType: 'text/html',
    },
    '/__pdf/pdfjs.mjs': { body: fs.readFileSync(pdfjs), contentType: 'text/javascript' },
    '/__pdf/review.pdf': { body: pdf, contentType: 'application/pdf' },
  };
  await page.route('**/__pdf/**', (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file ? route.fulfill(file) : route.fulfill({ status: 404 });
  });
  await page.goto('/__pdf/view');
  return page.evaluate(async () => {
    type PdfJs = {
      getDocument(src: { data: Uint8Array }): {
        promise: Promise<{
          numPages: number;
          getPage(n: number): Promise<{
            getViewport(o: { scale: number }): { width: number; height: number };
            render(o: { canvasContext: CanvasRenderingContext2D; viewport: unknown }): {
              promise: Promise<void>;
            };
            getTextContent(): Promise<{ items: { str?: string }[] }>;
          }>;
        }>;
      };
    };
    const lib = (await import(`${location.origin}/__pdf/pdfjs.mjs`)) as PdfJs;
    const data = new Uint8Array(await (await fetch('/__pdf/review.pdf')).arrayBuffer());
    const doc = await lib.getDocument({ data }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    document.body.innerHTML = '';
    document.body.style.margin = '0';
    const canvas = document.createElement('canvas');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'First page of the review PDF');
    document.body.append(canvas);
    await first.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
    const text = (await first.getTextContent()).items.map((i) => i.str ?? '').join(' ');
    return { pages: doc.numPages, text: text.replace(/\s+/g, ' ') };
  });
}

test.describe('the PDF of a performance review', () => {
  test('1004 downloads the completed review from its page and it opens with the four sections', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const kpiName = unique('Renewals signed');
    const id = await completedReview(employee, lm, oo, kpiName);

    await signIn(page, '1004', { path: `/epr/${id}` });
    await expect(page.getByText('Completed').first()).toBeVisible();
    const button = page.getByRole('button', { name: 'Download PDF' });
    await expect(button).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const plain = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
    expect(download.suggestedFilename()).toBe(`EPR_${plain(employee.name)}_1004_${id}.pdf`);
    const file = testInfo.outputPath('review.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The first page, drawn: the header, Section A with the KPI and its marks.
    const viewer = await page.context().newPage();
    await viewer.setViewportSize({ width: 900, height: 1300 });
    const { pages, text } = await drawFirstPage(viewer, pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Employee Performance Review');
    expect(text).toContain(`${employee.name} · E-ID 1004`);
    expect(text).toContain('Section A (KPI)');
    expect(text).toContain(kpiName);
    expect(text).toContain('80.00');
    expect(text).toContain(`Page 1 of ${pages}`);
    const image = await viewer.getByRole('img', { name: 'First page of the review PDF' }).screenshot({
      path: testInfo.outputPath('review-page-1.png'),
    });
    await testInfo.attach('review-page-1', { body: image, contentType: 'image/png' });
    await viewer.close();
  });

  test('a review that is not completed has no Download PDF button', async ({ page, request }) => {
    const employee = await apiAs(request, '1004');
    const lm = await apiAs(request, '1003');
    const oo = await apiAs(request, '1002');
    const kpiId = await approvedSheet(
      { employee, lineManager: lm, oneOverOne: oo },
      {
        from: '2043-01-01',
        to: '2043-12-31',
        name: unique('PDF plan'),
        objective: 'Keep customers',
        kpi: unique('Calls answered'),
      },
    );
    const review = await employee.post<Review>('eprs', {
      kpi_id: kpiId,
      type_id: 2,
      from_date: '2043-07-01',
      to_date: '2043-12-31',
    });
    await signIn(page, '1004', { path: `/epr/${review.id}` });
    await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  });
});

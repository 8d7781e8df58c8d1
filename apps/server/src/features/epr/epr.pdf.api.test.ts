import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, setEprStatus } from '../../../test/factories/epr';
import { placedText as placed } from '../../../test/factories/hr-services';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { eprDevPlans, eprStables, eprs, eprValues, kpiPerspectives } from '../../db/schema';

/**
 * A completed review downloads as a PDF with its four sections, for the
 * people who may read the review; in any other status it is refused.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const BASE = '/api/v1/eprs';

interface Detail {
  id: number;
  status: { id: number };
  section_a: { objectives: { lines: { id: number }[] }[] };
  section_b: { stables: { id: number }[] };
}

async function ok(method: 'POST' | 'PATCH', url: string, token: string, payload?: unknown) {
  const res = await ctx.call({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as Detail;
}

/** A draft review of the employee's approved sheet (objectives 60/40: KPIs 1.1 and 1.2 at 70/30, KPI 2.1). */
async function draft(c: Cast): Promise<Detail> {
  const { sheet } = await approvedSheet(ctx.db, {
    employeeId: c.employee.id,
    lineManagerId: c.lm.id,
    oneOverOneId: c.oo.id,
  });
  return ok('POST', BASE, c.tokens.employee, {
    kpi_id: sheet.id,
    type_id: 2,
    from_date: '2031-01-01',
    to_date: '2031-06-30',
  });
}

/**
 * A review walked to Completed: the employee's actuals 80 (or `firstActual`),
 * 12, 25 and ratings; the line manager's actuals 90, 10, 50, ratings 3 (A)
 * and 2 (B), remarks and one plan row; the O&O's remarks and approval.
 */
async function completed(c: Cast, comment = 'A good year', firstActual = 80): Promise<Detail> {
  const d = await draft(c);
  const [l1, l2, l3] = d.section_a.objectives.flatMap((o) => o.lines);
  const { employee: mine, lm, oo } = c.tokens;
  await ok('PATCH', `${BASE}/${d.id}/sections/a/objectives`, mine, [
    { objective_id: l1!.id, actual: firstActual },
    { objective_id: l2!.id, actual: 12 },
    { objective_id: l3!.id, actual: 25 },
  ]);
  await ok('PATCH', `${BASE}/${d.id}/sections/a`, mine, { rating: 2, comment });
  await ok('PATCH', `${BASE}/${d.id}/sections/b`, mine, { rating: 3, comment: 'Lived the values' });
  for (const st of d.section_b.stables)
    await ok('PATCH', `${BASE}/sections/b/stables/${st.id}`, mine, { rating: 2, comment: 'Yes' });
  await ok('PATCH', `${BASE}/${d.id}/sections/d`, mine, {
    self_proposal: 'Lead the onboarding project',
    remarks: 'Thanks for the support',
    dev_areas: 'Public speaking',
  });
  await ok('PATCH', `${BASE}/actions/submit`, mine, { epr_id: d.id });

  await ok('PATCH', `${BASE}/${d.id}/sections/a/objectives`, lm, [
    { objective_id: l1!.id, lm_actual: 90 },
    { objective_id: l2!.id, lm_actual: 10 },
    { objective_id: l3!.id, lm_actual: 50 },
  ]);
  await ok('PATCH', `${BASE}/${d.id}/sections/a`, lm, { lm_rating: 3, lm_comment: 'Strong results' });
  await ok('PATCH', `${BASE}/${d.id}/sections/b`, lm, { lm_rating: 2, lm_comment: 'Steady' });
  for (const st of d.section_b.stables)
    await ok('PATCH', `${BASE}/sections/b/stables/${st.id}`, lm, { lm_rating: 2, lm_comment: 'Agreed' });
  await ok('PATCH', `${BASE}/${d.id}/sections/d`, lm, {
    lm_recommendation: 'Ready for a team lead role',
    lm_remarks: 'Delivered every quarter',
    lm_dev_areas: 'Delegation',
  });
  await ok('POST', `${BASE}/sections/d/${d.id}/dev-plan`, lm, {
    dev_area: 'Presentation',
    action_plan: 'Present the quarterly results to the team',
    when: 'Next quarter',
    who: 'Line manager',
  });
  await ok('PATCH', `${BASE}/actions/approve-line-manager`, lm, { epr_id: d.id });
  await ok('PATCH', `${BASE}/${d.id}/sections/d`, oo, { next_level_remarks: 'Well deserved' });
  const done = await ok('PATCH', `${BASE}/actions/approve`, oo, { epr_id: d.id });
  expect(done.status.id).toBe(4);
  return done;
}

const download = (id: number, token: string | null, language = 'en') =>
  ctx.call({ method: 'GET', url: `${BASE}/${id}/pdf`, token, headers: { 'accept-language': language } });

/** Saves a user's choice of language, as the web app does when they switch. */
async function chooseLanguage(token: string, language: string) {
  const res = await ctx.call({ method: 'PUT', url: '/api/v1/me/language', token, payload: { language } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The PDF's text as a reader extracts it (pdf.js), page by page, white space collapsed. */
async function pages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

describe('the PDF of a completed review', () => {
  it('downloads with its four sections, the marks, the overall rating and the development plan', async () => {
    const c = await ctx.factory.cast({ name: 'Tanvir Ahmed' });
    const d = await completed(c);
    const res = await download(d.id, c.tokens.employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const file = `EPR_Tanvir_Ahmed_${c.employee.eid}_${d.id}.pdf`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${file}"; filename*=UTF-8''${file}`,
    );

    const text = (await pages(res.rawPayload)).join(' ');
    // The header.
    expect(text).toContain(`Tanvir Ahmed (E-ID ${c.employee.eid})`);
    expect(text).toContain(`${c.lm.name} (E-ID ${c.lm.eid})`);
    expect(text).toContain(`${c.oo.name} (E-ID ${c.oo.eid})`);
    expect(text).toContain('Completed');
    expect(text).toContain('01-01-2031 – 30-06-2031');
    // Section A: each KPI with its weight, target, actuals, achievements and marks, two decimals.
    expect(text).toContain('Section A (KPI)');
    for (const kpi of ['KPI 1.1', 'KPI 1.2', 'KPI 2.1']) expect(text).toContain(kpi);
    // KPI 1.1: weight 70, target 100, actual 80 (80 %, mark 56), LM 90 (90 %, mark 63).
    expect(text).toMatch(/KPI 1\.1 70\.00 100\.00 \S+ 80\.00 80\.00 56\.00 90\.00 90\.00 63\.00/);
    // Objective 1: 51.60 and 55.80; totals 71.60 and 95.80.
    expect(text).toContain('51.60');
    expect(text).toContain('55.80');
    expect(text).toMatch(/Total mark 71\.60 LM total 95\.80/);
    expect(text).toContain('2 · Fully met');
    expect(text).toContain('A good year');
    expect(text).toContain('Strong results');
    // Section B: the values with their behaviours and both sides' ratings.
    expect(text).toContain('Section B (Value)');
    for (const value of ['Integrity', 'Customer focus', 'Teamwork', 'Ownership'])
      expect(text).toContain(value);
    expect(text).toContain('Keeps promises and owns mistakes');
    expect(text).toContain('Lived the values');
    // Section C: "K.V" with its band and its title.
    expect(text).toContain('Section C (Overall)');
    expect(text).toContain('3.2 · Exceeded expectations');
    expect(text).toContain('Results Superior, Behaviours Good');
    // Section D: every side's remarks and the plan row.
    expect(text).toContain('Section D (IDP/Remarks)');
    for (const remark of [
      'Lead the onboarding project',
      'Thanks for the support',
      'Public speaking',
      'Ready for a team lead role',
      'Delivered every quarter',
      'Delegation',
      'Well deserved',
    ])
      expect(text).toContain(remark);
    expect(text).toMatch(/Presentation Present the quarterly results to the team Next quarter Line manager/);
  });

  it('long texts run over pages: every page has the header and its number', async () => {
    const c = await ctx.factory.cast();
    const d = await completed(c);
    const long = (word: string) =>
      Array.from({ length: 280 }, (_, i) => `${word}${i}`)
        .join(' ')
        .slice(0, 2000)
        .trim();
    await ctx.db
      .update(eprs)
      .set({ aComment: long('alpha'), remarks: long('remark'), lmRemarks: long('lmremark') })
      .where(eq(eprs.id, d.id));
    await ctx.db
      .update(eprStables)
      .set({ comment: long('beta'), lmComment: 'x'.repeat(2000) })
      .where(eq(eprStables.eprId, d.id));
    for (let i = 0; i < 12; i++)
      await ctx.db.insert(eprDevPlans).values({
        eprId: d.id,
        devArea: `Area ${i}`,
        actionPlan: long(`step${i}-`),
        when: 'Next year',
        who: 'Line manager',
      });
    const res = await download(d.id, c.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pages(res.rawPayload);
    expect(text.length).toBeGreaterThan(5);
    text.forEach((page, i) => {
      expect(page).toContain('Employee Performance Review');
      expect(page).toContain(`${c.employee.name} · E-ID ${c.employee.eid}`);
      expect(page).toContain(`Page ${i + 1} of ${text.length}`);
    });
    const all = text.join(' ');
    // A long text is cut between pages, not lost: its first and last words are there.
    for (const word of ['alpha0', 'beta0', 'remark0', 'lmremark0', 'step0-0', 'step11-0'])
      expect(all.includes(word), word).toBe(true);
    for (const word of ['alpha', 'beta', 'remark', 'lmremark', 'step11-'])
      expect(all.includes(` ${long(word).split(' ').slice(-2).join(' ')} `), `the end of ${word}`).toBe(true);
    expect(all.includes('x'.repeat(50)), 'a text without spaces').toBe(true);
    expect(all).toContain('Area 11');
    // The plan's header comes again on the pages the table runs onto.
    expect(all.split('Development area Action plan When Who').length).toBeGreaterThan(2);
  });

  it.each([
    ['Arabic', 'محمد عبد الله'],
    ['Chinese', '李小龙'],
  ])('an employee named in %s: the PDF renders with the name as written', async (_script, name) => {
    const c = await ctx.factory.cast({ name: name });
    const d = await completed(c, name === '李小龙' ? '表现很好，继续努力。' : 'عمل ممتاز هذا العام');
    const res = await download(d.id, c.tokens.lm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    // No letters of the name in the plain file name; the UTF-8 one carries it.
    const unicode = `EPR_${name.replace(/ /g, '_')}_${c.employee.eid}_${d.id}.pdf`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="EPR_employee_${c.employee.eid}_${d.id}.pdf"; filename*=UTF-8''${encodeURIComponent(unicode)}`,
    );
    const text = (await pages(res.rawPayload)).join(' ');
    expect(text).toContain(name);
    expect(text).toContain('3.2 · Exceeded expectations');
  });
});

describe("the PDF in the employee's language", () => {
  beforeAll(async () => {
    // HR translated one value and one perspective, and left another value untranslated.
    await ctx.db
      .update(eprValues)
      .set({ nameTranslations: { fr: 'Intégrité', ar: 'النزاهة' } })
      .where(eq(eprValues.id, 1));
    await ctx.db.update(eprValues).set({ nameTranslations: {} }).where(eq(eprValues.id, 2));
    await ctx.db
      .update(kpiPerspectives)
      .set({ nameTranslations: { fr: 'Finances' } })
      .where(eq(kpiPerspectives.id, 1));
  });

  it('an employee who chose French gets a French review, with the names HR translated, whoever downloads it', async () => {
    const c = await ctx.factory.cast({ name: 'Camille Martin' });
    await chooseLanguage(c.tokens.employee, 'fr');
    const d = await completed(c);
    // HR, reading the portal in English, downloads it.
    const res = await download(d.id, c.tokens.admin, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const pageTexts = await pages(res.rawPayload);
    const text = pageTexts.join(' ');
    pageTexts.forEach((page, i) => {
      expect(page).toContain('Évaluation de performance du salarié');
      expect(page).toContain(`Page ${i + 1} sur ${pageTexts.length}`);
    });
    expect(text).toContain(`Camille Martin (E-ID ${c.employee.eid})`);
    expect(text).toContain('Terminée');
    expect(text).toContain('Évaluation intermédiaire');
    expect(text).toContain('01-01-2031 – 30-06-2031');
    for (const heading of [
      'Section A (KPI)',
      'Section B (Valeurs)',
      'Section C (Globale)',
      'Section D (PDI/Remarques)',
      'Plan de développement individuel',
    ])
      expect(text).toContain(heading);
    expect(text).toMatch(/Note totale 71\.60 Total resp\. 95\.80/);
    expect(text).toContain('2 · Pleinement atteint');
    expect(text).toContain('3.2 · Au-delà des attentes');
    expect(text).toContain('Résultats supérieurs, Comportements bons');
    // Reference names in French where HR translated them, as stored where not.
    expect(text).toContain('Intégrité');
    expect(text).toContain('Finances');
    expect(text).toContain('Customer focus');
    expect(text).not.toContain('Integrity');
    // What people wrote stays as written.
    expect(text).toContain('A good year');
    for (const english of ['Section B (Value)', 'Not rated', 'Completed', 'Employee Performance Review'])
      expect(text).not.toContain(english);
  });

  it('an employee who never chose a language gets English, whatever language the reader asks for', async () => {
    const c = await ctx.factory.cast();
    const d = await completed(c);
    const res = await download(d.id, c.tokens.admin, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pages(res.rawPayload)).join(' ');
    expect(text).toContain('Employee Performance Review');
    expect(text).toContain('Section B (Value)');
    expect(text).toContain('Integrity');
    expect(text).not.toContain('Intégrité');
  });

  it('an employee who chose Arabic gets an Arabic review, the page mirrored', async () => {
    const c = await ctx.factory.cast({ name: 'محمد عبد الله' });
    await chooseLanguage(c.tokens.employee, 'ar');
    const d = await completed(c, 'عمل ممتاز هذا العام', 935000);
    const res = await download(d.id, c.tokens.lm, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pages(res.rawPayload)).join(' ');
    for (const phrase of [
      'تقييم أداء الموظف',
      'تقييم القسم أ',
      'تقييم القسم ب',
      'التقييم الإجمالي',
      'النتائج والسلوكيات',
      'خطة التطوير الفردية',
      'مكتمل',
      'النزاهة',
      'عمل ممتاز هذا العام',
      'محمد عبد الله',
    ])
      expect(text).toContain(phrase);
    expect(text).toContain(c.employee.eid);
    expect(text).toContain('01-01-2031');
    expect(text).not.toContain('Section A (KPI)');

    // Mirrored: the title of the header at the right margin (42 pt), the page number at the left;
    // in Section A, the KPI column at the right, the line manager's mark (the last column) at the left.
    const { width, items } = await placed(res.rawPayload);
    const exactly = (phrase: string) => items.filter((i) => i.text.trim() === phrase);
    expect(exactly('تقييم أداء الموظف')[0]!.right).toBeCloseTo(width - 42, 0);
    const page = items.find((i) => i.text.includes('الصفحة'))!;
    expect(page.left).toBeGreaterThan(42);
    expect(page.right).toBeLessThan(width / 2);
    expect(exactly('المؤشر')[0]!.left).toBeGreaterThan(width * 0.75);
    expect(Math.min(...exactly('الدرجة').map((i) => i.left))).toBeLessThan(width * 0.2);

    // Values stand apart, left to right: a large actual is one unbroken number, a target reads
    // "100.00 %" (number first), and the period its start date first, in the header and its cell.
    expect(exactly('935000.00')).toHaveLength(1);
    expect(exactly('100.00 %')).toHaveLength(1);
    expect(exactly('10.00 %')).toHaveLength(1);
    expect(exactly('01-01-2031 – 30-06-2031')).toHaveLength(2);
  });
});

describe('who may download it, and when', () => {
  it('the employee, the line manager, the O&O and HR admins; not a peer or a stranger; not without a token', async () => {
    const c = await ctx.factory.cast();
    const d = await completed(c);
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const) {
      const res = await download(d.id, c.tokens[who]);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    for (const who of ['peer', 'stranger'] as const) {
      const res = await download(d.id, c.tokens[who]);
      expect(res.statusCode, who).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error).toBe('record_hidden');
    }
    const anonymous = await download(d.id, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('a review that is not completed is refused with 409 epr_not_completed (after the read check)', async () => {
    const c = await ctx.factory.cast();
    const d = await draft(c);
    for (const status of [1, 2, 3, 5, 10]) {
      await setEprStatus(ctx.db, d.id, status);
      const res = await download(d.id, c.tokens.oo);
      expect(res.statusCode, `status ${status}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'epr_not_completed',
        params: { record: 'epr', status_id: status },
      });
    }
    // Who may not read the review learns nothing of its status.
    expect((await download(d.id, c.tokens.stranger)).statusCode).toBe(403);
  });

  it('an unknown review is a 404; an id that is not a number a 400', async () => {
    const c = await ctx.factory.cast();
    const unknown = await download(987_654_321, c.tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('record_not_found');
    const bad = await ctx.call({ method: 'GET', url: `${BASE}/abc/pdf`, token: c.tokens.admin });
    expect(bad.statusCode).toBe(400);
  });
});

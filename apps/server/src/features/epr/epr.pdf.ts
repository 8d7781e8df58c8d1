import type { EprDetail } from '@hr/contracts/epr';
import { type EprPdfNames, eprPdfFileName } from '@hr/contracts/epr-pdf';
import { OVERALL_BAND, roundTwo } from '@hr/contracts/epr-scoring';
import { toDmy } from '@hr/contracts/hr-services';
import type { Language } from '@hr/contracts/limits';
import type { PersonRef } from '@hr/contracts/people';
import { EPR_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import PDFDocument from 'pdfkit';
import { type DocumentTexts, documentTexts } from '../../lib/document-texts';
import { domainError } from '../../lib/errors';
import { directionOf, writeText } from '../../lib/pdf-fonts';
import { reviewName } from './epr-names';

/**
 * A completed performance review as a PDF: the header (people, sheet,
 * period), Section A's KPI lines with their marks, Section B's values,
 * Section C's overall rating and Section D's remarks and development plan.
 * Every text goes through the Unicode fonts of lib/pdf-fonts.ts, as in the
 * HR letters, so names and comments print in any script.
 *
 * Tables are laid out here rather than by pdfkit: a cell's text may mix
 * fonts (an Arabic name in an English sentence), and its height is measured
 * by setting it in a scratch document exactly as it will be drawn. A row
 * that does not fit moves to the next page under the table's header again;
 * a row taller than a page is cut between lines and goes on over pages.
 * Every page gets the review's header and "Page n of m" once all are laid out.
 *
 * The PDF is written in one language (the employee's): every fixed text
 * comes from the documents catalog (lib/document-texts.ts). An Arabic PDF is
 * laid out right to left: the page is mirrored (columns, header, page
 * number), each text set from the right.
 */

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { top: 72, bottom: 56, left: 42, right: 42 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const PAD = { x: 4, y: 3 };
const LINE_GAP = 1;
/** Below this much room a row that must be cut starts on a new page instead. */
const MIN_SPLIT = 48;

const COLOR = {
  brand: '#1f3864',
  text: '#1a1a1a',
  muted: '#5f6670',
  border: '#b9c3d3',
  head: '#dde4f0',
  group: '#eef2f8',
  total: '#f5f6f8',
};

type Align = 'left' | 'right' | 'center';
interface Style {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
  /**
   * A value that stands alone (an amount with its unit, a date range): set in
   * its own direction (its first strong character's, left to right when it
   * has none), so on an Arabic page "15.00 %" keeps its number first and a
   * range its start date first.
   */
  value?: boolean;
  /** One line, never broken: a number is not cut inside (its column is wide enough for it). */
  nowrap?: boolean;
}
interface Cell extends Style {
  text: string;
  /** Columns the cell spans (1 when not given). */
  span?: number;
  fill?: string;
}
interface Row {
  cells: Cell[];
  fill?: string;
  /** Kept on the page of the row after it (a heading row above its lines). */
  keepWithNext?: boolean;
}
interface Title {
  text: string;
  /** A section's (A to D, with a rule) or a part's within it. */
  level: 'section' | 'part';
}
const SECTION: Style = { size: 12.5, bold: true, color: COLOR.brand };
const PART: Style = { size: 10, bold: true, color: COLOR.brand };
interface Column {
  header: string;
  /** A share of the page width; the columns of a table are scaled to fill it. */
  width: number;
  align?: Align;
}
interface Placed {
  cell: Cell;
  x: number;
  width: number;
}

const num = (value: number | null): string => (value === null ? '–' : roundTwo(value).toFixed(2));
/** A number cell: one value read left to right, on one line. */
const figure = (value: number | null, style: Style = {}): Cell => ({
  text: num(value),
  value: true,
  nowrap: true,
  ...style,
});
const text = (value: string | null): string => (value?.trim() ? value.trim() : '–');
const range = (from: string, to: string) => `${toDmy(from)} – ${toDmy(to)}`;
const mirrored: Record<Align, Align> = { left: 'right', right: 'left', center: 'center' };

/** The texts of a review in one language: the catalog's, and the fixed names the database keeps in English. */
class ReviewTexts {
  readonly t: DocumentTexts['t'];
  constructor(readonly texts: DocumentTexts) {
    this.t = texts.t;
  }
  rating(rating: number | null): string {
    if (rating === 1 || rating === 2 || rating === 3)
      return `${rating} · ${this.t(`epr.band.${OVERALL_BAND[rating]}`)}`;
    return this.t('epr.notRated');
  }
  person(p: PersonRef | null): string {
    return p ? this.t('epr.person', { name: p.name, eid: p.eid }) : '–';
  }
  status(status: { id: number; name: string }): string {
    return this.texts.known(`epr.statusName.${status.id}`, status.name);
  }
  type(type: { id: number; name: string }): string {
    return this.texts.known(`epr.typeName.${type.id}`, type.name);
  }
  kpiType(type: { id: number; name: string }): string {
    return this.texts.known(`kpi.typeName.${type.id}`, type.name);
  }
  /** The review's name, "<sheet> – <type>" as made, with the type in this language. */
  reviewName(r: EprDetail): string {
    return reviewName(this.texts, { name: r.name, kpiName: r.kpi.name, type: r.type });
  }
}

class Layout {
  readonly doc: PDFKit.PDFDocument;
  /** Where cell texts are set once to learn their height; never output. */
  private readonly scratch: PDFKit.PDFDocument;
  private readonly heights = new Map<string, number>();

  readonly rtl: boolean;

  constructor(
    info: PDFKit.DocumentInfo,
    readonly texts: ReviewTexts,
  ) {
    this.rtl = texts.texts.rtl;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      lang: texts.texts.language,
      info,
    });
    this.scratch = new PDFDocument({ size: [WIDTH + 40, 100_000], margin: 0 });
  }

  /** Where a box given for a left-to-right page stands on this one (mirrored right to left). */
  private left(x: number, width: number): number {
    return this.rtl ? PAGE.width - x - width : x;
  }

  /**
   * Sets a text at a place given for a left-to-right page (mirrored on a
   * right-to-left one, its alignment too). `room` bounds it: pdfkit stops
   * there instead of starting a page of its own (the layout makes room
   * before it writes).
   */
  write(
    doc: PDFKit.PDFDocument,
    value: string,
    x: number,
    y: number,
    width: number,
    style: Style,
    room: number,
  ) {
    const align = style.align ?? 'left';
    doc.fillColor(style.color ?? COLOR.text);
    writeText(doc, value, {
      size: style.size ?? 9,
      bold: style.bold ?? false,
      x: doc === this.doc ? this.left(x, width) : x,
      y,
      width,
      height: room,
      align: this.rtl ? mirrored[align] : align,
      lineGap: LINE_GAP,
      direction: style.value ? directionOf(value) : this.rtl ? 'rtl' : 'ltr',
      pageDirection: this.rtl ? 'rtl' : 'ltr',
      ...(style.nowrap ? { lineBreak: false } : {}),
    });
  }

  /** The height a text takes at a width, as `write` sets it. */
  measure(value: string, width: number, style: Style): number {
    const key = `${style.size ?? 9}|${style.bold ? 1 : 0}|${style.value ? 1 : 0}|${style.nowrap ? 1 : 0}|${width.toFixed(2)}|${value}`;
    let height = this.heights.get(key);
    if (height === undefined) {
      this.write(this.scratch, value, 0, 0, width, { ...style, align: 'left' }, 99_000);
      height = this.scratch.y;
      this.heights.set(key, height);
    }
    return height;
  }

  get y() {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }
  get room() {
    return BOTTOM - this.doc.y;
  }

  newPage() {
    this.doc.addPage();
    this.doc.x = MARGIN.left;
    this.doc.y = MARGIN.top;
  }

  /** Starts a new page unless `height` fits on this one. */
  ensure(height: number) {
    if (height > this.room) this.newPage();
  }

  /** A paragraph across the page. */
  paragraph(value: string, style: Style, after = 4) {
    const height = this.measure(value, WIDTH, style);
    this.ensure(height);
    const top = this.y;
    this.write(this.doc, value, MARGIN.left, top, WIDTH, style, height + 20);
    this.y = top + height + after;
  }

  /** How much a title above a table takes: a section's with its rule, or a part's. */
  private titleHeight(title: Title): number {
    return title.level === 'section'
      ? 6 + this.measure(title.text, WIDTH, SECTION) + 7
      : 4 + this.measure(title.text, WIDTH, PART) + 3;
  }

  private drawTitle(title: Title) {
    const style = title.level === 'section' ? SECTION : PART;
    const top = this.y + (title.level === 'section' ? 6 : 4);
    const height = this.measure(title.text, WIDTH, style);
    this.write(this.doc, title.text, MARGIN.left, top, WIDTH, style, height + 20);
    this.y = top + height;
    if (title.level === 'section') {
      this.y += 1;
      this.doc
        .moveTo(MARGIN.left, this.y)
        .lineTo(MARGIN.left + WIDTH, this.y)
        .lineWidth(0.8)
        .strokeColor(COLOR.brand)
        .stroke();
      this.y += 6;
    } else this.y += 3;
  }

  /**
   * A table under its title: the header row (repeated on every page the
   * table runs onto), then the rows, each as tall as its tallest cell. The
   * title, the header and the first row start on one page.
   */
  table(columns: Column[], rows: Row[], options: { header?: boolean; title?: Title } = {}) {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * WIDTH);
    const lefts = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const place = (row: Row): Placed[] => {
      let at = 0;
      return row.cells.map((cell) => {
        const span = Math.min(cell.span ?? 1, columns.length - at);
        const placed = {
          cell: { align: columns[at]?.align, ...cell },
          x: lefts[at]!,
          width: widths.slice(at, at + span).reduce((a, b) => a + b, 0),
        };
        at += span;
        return placed;
      });
    };
    const headerRow: Row | null =
      options.header === false
        ? null
        : {
            fill: COLOR.head,
            cells: columns.map((c) => ({ text: c.header, bold: true, size: 7.5, align: c.align })),
          };
    const header = headerRow ? place(headerRow) : [];
    const headerHeight = headerRow ? this.rowHeight(header) : 0;
    const drawHeader = () => {
      if (headerRow) this.drawRow(header, headerHeight, headerRow.fill);
    };
    const fresh = BOTTOM - MARGIN.top - headerHeight;
    /**
     * The room a row asks for on this page: all of it, or the first lines of
     * one taller than a page (it is cut), and the rows kept with it.
     */
    const need = (i: number): number => {
      const height = this.rowHeight(place(rows[i]!));
      if (rows[i]!.keepWithNext && i + 1 < rows.length) return height + need(i + 1);
      return height <= fresh ? height : MIN_SPLIT;
    };

    const title = options.title ? this.titleHeight(options.title) : 0;
    this.ensure(title + headerHeight + (rows.length > 0 ? need(0) : 0));
    if (options.title) this.drawTitle(options.title);
    drawHeader();
    rows.forEach((row, i) => {
      let cells = place(row);
      let height = this.rowHeight(cells);
      const wanted = need(i);
      if (wanted > this.room && (wanted <= fresh || this.room < MIN_SPLIT)) {
        this.newPage();
        drawHeader();
      }
      // Taller than the room left on a page: cut between lines, go on on the next page.
      while (height > this.room) {
        const room = this.room - 2 * PAD.y;
        const parts = cells.map((p) => this.split(p.cell.text, p.width - 2 * PAD.x, p.cell, room));
        const head = cells.map((p, j) => ({ ...p, cell: { ...p.cell, text: parts[j]![0] } }));
        const tail = cells.map((p, j) => ({ ...p, cell: { ...p.cell, text: parts[j]![1] } }));
        if (head.every((p) => p.cell.text === '') && this.room >= fresh) break;
        this.drawRow(head, this.room, row.fill);
        this.newPage();
        drawHeader();
        cells = tail;
        height = this.rowHeight(cells);
      }
      this.drawRow(cells, height, row.fill);
    });
    this.y += 8;
  }

  private rowHeight(cells: Placed[]): number {
    const texts = cells.map((p) =>
      p.cell.text === '' ? 0 : this.measure(p.cell.text, p.width - 2 * PAD.x, p.cell),
    );
    return Math.max(...texts, 0) + 2 * PAD.y;
  }

  private drawRow(cells: Placed[], height: number, fill?: string) {
    const top = this.y;
    for (const p of cells) {
      const background = p.cell.fill ?? fill;
      const x = this.left(p.x, p.width);
      if (background) this.doc.rect(x, top, p.width, height).fillColor(background).fill();
      this.doc.rect(x, top, p.width, height).lineWidth(0.5).strokeColor(COLOR.border).stroke();
      if (p.cell.text !== '')
        this.write(this.doc, p.cell.text, p.x + PAD.x, top + PAD.y, p.width - 2 * PAD.x, p.cell, height + 20);
    }
    this.y = top + height;
  }

  /** The longest start of a text that fits a height (cut at a space when there is one), and the rest. */
  private split(value: string, width: number, style: Style, height: number): [string, string] {
    if (this.measure(value, width, style) <= height) return [value, ''];
    const chars = [...value];
    let fits = 0;
    let fails = chars.length;
    while (fails - fits > 1) {
      const mid = Math.floor((fits + fails) / 2);
      if (this.measure(chars.slice(0, mid).join(''), width, style) <= height) fits = mid;
      else fails = mid;
    }
    let head = chars.slice(0, fits).join('');
    const space = head.search(/\s\S*$/);
    if (space > head.length / 2) head = head.slice(0, space);
    return [head.trimEnd(), value.slice(head.length).trimStart()];
  }

  /** The review's header and the page number on every page. */
  frame(review: EprDetail, at: Date) {
    const { t } = this.texts;
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const brand = { size: 10, bold: true, color: COLOR.brand };
      const small = { size: 8.5, color: COLOR.muted };
      this.write(this.doc, t('epr.brand'), MARGIN.left, 26, WIDTH, brand, 20);
      const number = t('epr.reviewNo', { id: review.id });
      this.write(this.doc, number, MARGIN.left, 27, WIDTH, { ...small, align: 'right' }, 20);
      this.write(
        this.doc,
        t('epr.personLine', { name: review.employee.name, eid: review.employee.eid }),
        MARGIN.left,
        41,
        WIDTH * 0.65,
        { size: 8.5, color: COLOR.text },
        14,
      );
      this.write(
        this.doc,
        range(review.from_date, review.to_date),
        MARGIN.left,
        41,
        WIDTH,
        { ...small, align: 'right', value: true },
        14,
      );
      this.doc
        .moveTo(MARGIN.left, 56)
        .lineTo(MARGIN.left + WIDTH, 56)
        .lineWidth(1)
        .strokeColor(COLOR.brand)
        .stroke();
      const footer = PAGE.height - 40;
      this.doc
        .moveTo(MARGIN.left, footer)
        .lineTo(MARGIN.left + WIDTH, footer)
        .lineWidth(0.5)
        .strokeColor(COLOR.border)
        .stroke();
      const generated = t('epr.generated', { date: dayjs(at).format('DD-MM-YYYY HH:mm') });
      this.write(this.doc, generated, MARGIN.left, footer + 6, WIDTH, small, 14);
      const page = t('epr.page', { page: i - start + 1, count });
      this.write(this.doc, page, MARGIN.left, footer + 6, WIDTH, { ...small, align: 'right' }, 14);
    }
  }
}

const ratingColumns = ({ t }: ReviewTexts): Column[] => [
  { header: t('epr.by'), width: 90 },
  { header: t('epr.rating'), width: 130 },
  { header: t('epr.comment'), width: 291 },
];
const ratingRows = (
  x: ReviewTexts,
  s: {
    rating: number | null;
    comment: string | null;
    lm_rating: number | null;
    lm_comment: string | null;
  },
): Row[] => [
  {
    cells: [
      { text: x.t('epr.employee'), bold: true },
      { text: x.rating(s.rating) },
      { text: text(s.comment) },
    ],
  },
  {
    cells: [
      { text: x.t('epr.lineManager'), bold: true },
      { text: x.rating(s.lm_rating) },
      { text: text(s.lm_comment) },
    ],
  },
];

function header(l: Layout, r: EprDetail) {
  const x = l.texts;
  const { t } = x;
  l.paragraph(x.reviewName(r), { size: 15, bold: true, color: COLOR.brand }, 8);
  const label = (value: string): Cell => ({ text: value, bold: true, fill: COLOR.group });
  l.table(
    [
      { header: '', width: 80 },
      { header: '', width: 176 },
      { header: '', width: 80 },
      { header: '', width: 176 },
    ],
    [
      {
        cells: [
          label(t('epr.employee')),
          { text: x.person(r.employee) },
          label(t('epr.status')),
          { text: x.status(r.status) },
        ],
      },
      {
        cells: [
          label(t('epr.lineManager')),
          { text: x.person(r.line_manager) },
          label(t('epr.oo')),
          { text: x.person(r.one_over_one) },
        ],
      },
      {
        cells: [
          label(t('epr.type')),
          { text: x.type(r.type) },
          label(t('epr.period')),
          { text: range(r.from_date, r.to_date), value: true },
        ],
      },
      {
        cells: [
          label(t('epr.kpiSheet')),
          { text: `${r.kpi.name} (${x.kpiType(r.kpi.type)})` },
          label(t('epr.kpiPeriod')),
          { text: range(r.kpi.from, r.kpi.to), value: true },
        ],
      },
    ],
    { header: false },
  );
}

function sectionA(l: Layout, r: EprDetail) {
  const { t } = l.texts;
  const a = r.section_a;
  const right = 'right' as const;
  const columns: Column[] = [
    // The target and actual columns hold a 9-digit number with 2 decimals on one line (59 pt at 9 pt,
    // with the padding 67), the others "100.00" (28 pt) and the header's "Achievement " (51 pt at 7.5 pt).
    { header: t('epr.a.kpi'), width: 75 },
    { header: t('epr.a.weight'), width: 38, align: right },
    { header: t('epr.a.target'), width: 68, align: right },
    { header: t('epr.a.actual'), width: 68, align: right },
    { header: t('epr.a.achievement'), width: 60, align: right },
    { header: t('epr.a.mark'), width: 38, align: right },
    { header: t('epr.a.lmActual'), width: 68, align: right },
    { header: t('epr.a.lmAchievement'), width: 60, align: right },
    { header: t('epr.a.lmMark'), width: 38, align: right },
  ];
  const rows: Row[] = [];
  for (const o of a.objectives) {
    rows.push({
      fill: COLOR.group,
      keepWithNext: true,
      cells: [
        {
          text: t('epr.a.objective', {
            name: o.name,
            perspective: o.perspective.name,
            weight: num(o.weight),
          }),
          bold: true,
          span: columns.length,
        },
      ],
    });
    for (const line of o.lines) {
      const k = line.objective_kpi;
      rows.push({
        cells: [
          { text: k.name },
          figure(k.weight),
          { text: `${num(k.target)} ${k.target_unit.name}`, value: true },
          figure(line.actual),
          figure(line.achievement),
          figure(line.mark),
          figure(line.lm_actual),
          figure(line.lm_achievement),
          figure(line.lm_mark),
        ],
      });
    }
    const total = a.total_objective[String(o.id)];
    rows.push({
      fill: COLOR.total,
      cells: [
        {
          text: t('epr.a.objectiveMark', { weights: num(o.total_weight) }),
          bold: true,
          span: 5,
          align: right,
        },
        figure(total?.mark ?? null, { bold: true }),
        { text: '', span: 2 },
        figure(total?.lm_mark ?? null, { bold: true }),
      ],
    });
  }
  if (a.objectives.length === 0) rows.push({ cells: [{ text: t('epr.a.noLines'), span: columns.length }] });
  rows.push({
    fill: COLOR.head,
    cells: [
      { text: t('epr.a.totalMark'), bold: true, span: 5, align: right },
      figure(a.total_mark, { bold: true }),
      { text: t('epr.a.lmTotal'), bold: true, span: 2, align: right },
      figure(a.total_lm_mark, { bold: true }),
    ],
  });
  l.table(columns, rows, { title: { text: t('epr.a.title'), level: 'section' } });
  l.paragraph(t('epr.a.cap', { cap: num(a.cap) }), { size: 8, color: COLOR.muted }, 6);
  l.table(ratingColumns(l.texts), ratingRows(l.texts, a), {
    title: { text: t('epr.a.rating'), level: 'part' },
  });
}

function sectionB(l: Layout, r: EprDetail) {
  const { t } = l.texts;
  const b = r.section_b;
  const rows: Row[] = [];
  for (const st of b.stables) {
    rows.push({
      fill: COLOR.group,
      keepWithNext: true,
      cells: [{ text: st.original.name, bold: true, span: 3 }],
    });
    if (st.original.objectives.length > 0)
      rows.push({
        keepWithNext: true,
        cells: [
          {
            text: st.original.objectives.map((o) => `• ${o.name}`).join('\n'),
            span: 3,
            color: COLOR.muted,
            size: 8.5,
          },
        ],
      });
    rows.push(...ratingRows(l.texts, st));
  }
  if (b.stables.length === 0) rows.push({ cells: [{ text: t('epr.b.noValues'), span: 3 }] });
  l.table(ratingColumns(l.texts), rows, { title: { text: t('epr.b.title'), level: 'section' } });
  l.table(ratingColumns(l.texts), ratingRows(l.texts, b), {
    title: { text: t('epr.b.rating'), level: 'part' },
  });
}

function sectionC(l: Layout, r: EprDetail) {
  const x = l.texts;
  const { t } = x;
  const c = r.section_c;
  const label = (value: string): Cell => ({ text: value, bold: true, fill: COLOR.group });
  const overall = c.overall_rating
    ? `${c.overall_rating}${c.band ? ` · ${t(`epr.band.${c.band}`)}` : ''}`
    : t('epr.notRated');
  const rows: Row[] = [
    { cells: [label(t('epr.c.kpiRating')), { text: x.rating(c.kpi_rating) }] },
    { cells: [label(t('epr.c.valueRating')), { text: x.rating(c.stable_rating) }] },
    { cells: [label(t('epr.c.overall')), { text: overall, bold: true, size: 10.5 }] },
  ];
  if (c.results && c.behaviours)
    rows.push({
      cells: [
        label(t('epr.c.resultsBehaviours')),
        {
          text: t('epr.resultsBehaviours', {
            results: t(`epr.level.${c.results}`),
            behaviours: t(`epr.level.${c.behaviours}`),
          }),
        },
      ],
    });
  l.table(
    [
      { header: '', width: 170 },
      { header: '', width: 341 },
    ],
    rows,
    { header: false, title: { text: t('epr.c.title'), level: 'section' } },
  );
}

function sectionD(l: Layout, r: EprDetail) {
  const { t } = l.texts;
  const d = r.section_d;
  const group = (title: string): Row => ({
    fill: COLOR.group,
    keepWithNext: true,
    cells: [{ text: title, bold: true, span: 2 }],
  });
  const field = (label: string, value: string | null): Row => ({
    cells: [{ text: label, bold: true }, { text: text(value) }],
  });
  l.table(
    [
      { header: '', width: 170 },
      { header: '', width: 341 },
    ],
    [
      group(t('epr.employee')),
      field(t('epr.d.selfProposal'), d.self_proposal),
      field(t('epr.d.remarks'), d.remarks),
      field(t('epr.d.devAreas'), d.dev_areas),
      group(t('epr.lineManager')),
      field(t('epr.d.lmRecommendation'), d.lm_recommendation),
      field(t('epr.d.lmRemarks'), d.lm_remarks),
      field(t('epr.d.lmDevAreas'), d.lm_dev_areas),
      group(t('epr.oo')),
      field(t('epr.d.nextLevelRemarks'), d.next_level_remarks),
    ],
    { header: false, title: { text: t('epr.d.title'), level: 'section' } },
  );
  const plan: Row[] =
    d.dev_plans.length > 0
      ? d.dev_plans.map((p) => ({
          cells: [{ text: p.dev_area }, { text: p.action_plan }, { text: p.when }, { text: p.who }],
        }))
      : [{ cells: [{ text: t('epr.d.noPlan'), span: 4, color: COLOR.muted }] }];
  l.table(
    [
      { header: t('epr.d.devArea'), width: 120 },
      { header: t('epr.d.actionPlan'), width: 211 },
      { header: t('epr.d.when'), width: 90 },
      { header: t('epr.d.who'), width: 90 },
    ],
    plan,
    { title: { text: t('epr.d.planTitle'), level: 'part' } },
  );
}

/** Renders a review (any status) as a PDF, in `language` (the employee's). */
export function renderEprPdf(
  review: EprDetail,
  at: Date = new Date(),
  language: Language = 'en',
): Promise<Buffer> {
  const texts = new ReviewTexts(documentTexts(language));
  const layout = new Layout(
    {
      Title: texts.t('epr.documentTitle', { name: review.employee.name }),
      Subject: texts.reviewName(review),
      Author: texts.t('letter.hr'),
    },
    texts,
  );
  const { doc } = layout;
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(layout, review);
  sectionA(layout, review);
  sectionB(layout, review);
  sectionC(layout, review);
  sectionD(layout, review);
  layout.frame(review, at);
  doc.end();
  return done;
}

export interface EprPdf {
  names: EprPdfNames;
  /** The Content-Disposition of the download. */
  disposition: string;
  data: Buffer;
}

/** The PDF of a completed review, in `language`; a review in any other status is refused (409). */
export async function eprPdf(
  review: EprDetail,
  at: Date = new Date(),
  language: Language = 'en',
): Promise<EprPdf> {
  if (review.status.id !== EPR_STATUS.completed)
    throw domainError('epr_not_completed', {
      record: 'epr',
      status_id: review.status.id,
      status: review.status.name,
    });
  const names = eprPdfFileName(review);
  return { names, disposition: attachment(names), data: await renderEprPdf(review, at, language) };
}

/** `attachment` with the ASCII file name and the UTF-8 one (RFC 6266). */
export function attachment(names: EprPdfNames): string {
  return `attachment; filename="${names.ascii.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(names.unicode)}`;
}

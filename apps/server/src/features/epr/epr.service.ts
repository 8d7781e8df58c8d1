import {
  type DevPlanBody,
  EPR_TYPE,
  type EprBody,
  type EprDetail,
  type EprEditable,
  type EprListItem,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_PER_LINE_MAX,
  type EvidenceUpload,
  type eprListQuery,
  LINE_MANAGER_SHOWN_STATUSES,
  type LineBody,
  type LinesBody,
  type SectionBBody,
  type SectionCBody,
  type SectionDBody,
  type SectionRatingBody,
} from '@hr/contracts/epr';
import { type EprMissingPart, eprMissingParams } from '@hr/contracts/epr-missing';
import { overallRating, scoreSectionA, sectionCDefaults } from '@hr/contracts/epr-scoring';
import { KPI_TYPE } from '@hr/contracts/kpi';
import type { Option } from '@hr/contracts/lookups';
import { MESSAGES } from '@hr/contracts/messages';
import { type Actor, EPR_RULES, EPR_STATUS, EPR_WORKFLOW, type ReviewAction } from '@hr/contracts/workflow';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { decisionAnswer } from '../../lib/approvers';
import { type AuthContext, asSomeoneElse } from '../../lib/auth-context';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { employeeLanguage } from '../../lib/document-language';
import { documentTexts } from '../../lib/document-texts';
import { domainError, fieldError } from '../../lib/errors';
import { inLanguage, requestLanguage } from '../../lib/language';
import { listPage, teamOnlyFilters } from '../../lib/list';
import { personRef } from '../../lib/people';
import { type RecordPart, RequestWorkflow, statusAnswer } from '../../lib/request-workflow';
import { settingNumber } from '../../lib/settings';
import { decodeBase64, decodedSize, evidenceImage, imageFormat } from '../../lib/uploads';
import { eprPdf } from './epr.pdf';
import { type EprRow, KPI_APPROVED, eprRepository as repo } from './epr.repository';
import { reviewName } from './epr-names';

type ListQuery = z.output<typeof eprListQuery>;

/** The achievement cap in percent, an HR setting (DESIGN.md §4). */
export const ACHIEVEMENT_CAP_SETTING = 'epr_achievement_cap';

const has = (action: Actor, actors: readonly Actor[]) => actors.includes(action);

/**
 * Who changes which part of a review, and when (SPEC.md §4, DESIGN.md §4):
 * the employee their side in Draft and Sent back; the line manager their side
 * and the IDP while the review waits for them; the line manager Section C
 * when the O&O returned it; the O&O the next-level remarks while it waits for
 * them. The request workflow checks the part under its lock on every change.
 */
export const PARTS = {
  self: { statuses: [EPR_STATUS.draft, EPR_STATUS.sentBack], actor: 'owner' },
  line_manager: { statuses: [EPR_STATUS.awaitingLineManager], actor: 'line_manager' },
  section_c: { statuses: [EPR_STATUS.returnedToLineManager], actor: 'line_manager' },
  next_level: { statuses: [EPR_STATUS.awaitingOneOverOne], actor: 'one_over_one' },
} as const satisfies Record<keyof EprEditable, { statuses: readonly number[]; actor: Actor }>;
type PartName = keyof typeof PARTS;

function part(name: PartName): RecordPart<EprRow> {
  const p = PARTS[name];
  return {
    name,
    statuses: p.statuses,
    decision: p.actor !== 'owner',
    may: (_auth, _row, actors) => has(p.actor, actors),
  };
}

/** A development plan row's values from its body. */
const devPlanValues = (body: DevPlanBody) => ({
  devArea: body.dev_area,
  actionPlan: body.action_plan,
  when: body.when,
  who: body.who,
});

/** The part a body of own or line-manager fields belongs to; both kinds at once are refused. */
function sideOf(body: Record<string, unknown>, lmFields: readonly string[]): PartName {
  const keys = Object.keys(body).filter((k) => body[k] !== undefined);
  const lm = keys.filter((k) => lmFields.includes(k));
  if (lm.length > 0 && lm.length < keys.length) throw domainError('epr_fields_mixed');
  if (keys.length === 0) throw domainError('epr_nothing_to_change');
  return lm.length > 0 ? 'line_manager' : 'self';
}

/**
 * A review as its employee reads it while the line manager's side is still
 * the line manager's working draft: every value of that side empty.
 */
function withoutLineManagerSide(r: EprDetail): EprDetail {
  const blank = { lm_rating: null, lm_comment: null };
  return {
    ...r,
    section_a: {
      ...r.section_a,
      ...blank,
      objectives: r.section_a.objectives.map((o) => ({
        ...o,
        lines: o.lines.map((l) => ({
          ...l,
          lm_actual: null,
          lm_achievement: null,
          lm_mark: null,
          evidence: l.evidence.filter((e) => e.side === 'self'),
        })),
      })),
      total_objective: Object.fromEntries(
        Object.entries(r.section_a.total_objective).map(([id, o]) => [id, { ...o, lm_mark: null }]),
      ),
      total_lm_mark: null,
      lm_unfilled: 0,
    },
    section_b: {
      ...r.section_b,
      ...blank,
      stables: r.section_b.stables.map((st) => ({ ...st, ...blank })),
    },
    section_d: {
      ...r.section_d,
      lm_recommendation: null,
      lm_remarks: null,
      lm_dev_areas: null,
      dev_plans: [],
    },
  };
}

/**
 * Employee performance reviews (DESIGN.md §4): the life cycle of
 * lib/request-workflow with two send-back loops (5 to the employee, 10 to
 * the line manager), the four sections changed part by part by whoever's
 * turn it is, and Section A scored from the approved KPI sheet.
 */
export class EprService {
  private readonly workflow: RequestWorkflow<EprRow, ReviewAction>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
    this.workflow = new RequestWorkflow(db, {
      kind: 'epr',
      table: repo.table,
      workflow: EPR_WORKFLOW,
      rules: EPR_RULES,
      find: repo.find,
      // HR administrators read every review (they run the cycles and the calibration).
      canRead: (_auth, _row, actors) => actors.length > 0,
      // The header (period, type, dates) changes in Draft only; the sections go by part.
      canEdit: (auth, row) => row.employeeId === auth.employeeId,
    });
  }

  toListItem(auth: AuthContext, row: EprRow): EprListItem {
    return {
      id: row.id,
      name: reviewName(documentTexts(requestLanguage()), {
        name: row.name,
        kpiName: row.kpiName,
        type: { id: row.typeId, name: row.typeName },
      }),
      status: statusAnswer(row),
      decision: decisionAnswer(row.decision),
      type: { id: row.typeId, name: row.typeName },
      kpi: {
        id: row.kpiId,
        name: row.kpiName,
        type: { id: row.kpiTypeId, name: row.kpiTypeName },
        status: statusAnswer({
          statusId: row.kpiStatusId,
          statusName: row.kpiStatusName,
          statusColor: row.kpiStatusColor,
        }),
        from: row.kpiFrom,
        to: row.kpiTo,
      },
      employee: personRef(this.secret, row.owner)!,
      line_manager: personRef(this.secret, row.lineManager),
      one_over_one: personRef(this.secret, row.oneOverOne),
      from_date: row.fromDate,
      to_date: row.toDate,
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      actions: this.workflow.actionsOf(auth, row),
    };
  }

  /** The whole review: four statements whatever its size (the review, lines, values, plan rows). */
  private async detail(db: Db, auth: AuthContext, row: EprRow): Promise<EprDetail> {
    const lines = await repo.lines(db, row.id);
    const stables = await repo.stables(db, row.id);
    const plans = await repo.devPlans(db, row.id);
    const cap = await settingNumber(db, ACHIEVEMENT_CAP_SETTING, 100);
    const objectives = new Map<number, { id: number; weight: number; status: number }>();
    for (const l of lines)
      objectives.set(l.objectiveId, {
        id: l.objectiveId,
        weight: l.objectiveWeight,
        status: l.objectiveStatus,
      });
    const score = scoreSectionA(
      [...objectives.values()],
      lines.map((l) => ({
        id: l.id,
        objectiveId: l.objectiveId,
        weight: l.weight,
        target: l.target,
        direction: l.direction,
        status: l.lineStatus,
        actual: l.actual,
        lmActual: l.lmActual,
      })),
      { cap },
    );
    const grouped = new Map<number, EprDetail['section_a']['objectives'][number]>();
    for (const l of lines) {
      let group = grouped.get(l.objectiveId);
      if (!group) {
        group = {
          id: l.objectiveId,
          name: l.objectiveName,
          weight: l.objectiveWeight,
          perspective: { id: l.perspectiveId, name: l.perspectiveName },
          total_weight: score.objectives[l.objectiveId]?.totalWeight ?? 0,
          lines: [],
        };
        grouped.set(l.objectiveId, group);
      }
      const s = score.lines[l.id];
      group.lines.push({
        id: l.id,
        objective_kpi: {
          id: l.objectiveKpiId,
          name: l.name,
          weight: l.weight,
          time: l.time,
          target: l.target,
          direction: l.direction,
          target_unit: { id: l.targetUnitId, name: l.targetUnitName },
          objective: {
            id: l.objectiveId,
            name: l.objectiveName,
            perspective: { id: l.perspectiveId, name: l.perspectiveName },
          },
        },
        actual: l.actual,
        achievement: s?.achievement ?? null,
        mark: s?.mark ?? null,
        lm_actual: l.lmActual,
        lm_achievement: s?.lmAchievement ?? null,
        lm_mark: s?.lmMark ?? null,
        evidence: l.evidence.map((e) => ({
          id: e.id,
          name: e.name,
          size: e.size,
          url: `/api/v1/eprs/evidence/${e.id}`,
          side: e.by === row.employeeId ? ('self' as const) : ('line_manager' as const),
        })),
      });
    }
    const totalObjective: EprDetail['section_a']['total_objective'] = {};
    for (const [id, o] of Object.entries(score.objectives)) {
      totalObjective[id] = { mark: o.mark, weight: o.weight, lm_mark: o.lmMark };
    }
    const c =
      row.cKpiRating !== null && row.cStableRating !== null
        ? overallRating(row.cKpiRating as 1 | 2 | 3, row.cStableRating as 1 | 2 | 3)
        : null;
    const actors = this.workflow.actors(auth, row);
    const someoneElse = asSomeoneElse(auth);
    const editable = Object.fromEntries(
      (Object.keys(PARTS) as PartName[]).map((p) => [
        p,
        (PARTS[p].statuses as readonly number[]).includes(row.statusId) &&
          has(PARTS[p].actor, actors) &&
          !(someoneElse && PARTS[p].actor !== 'owner'),
      ]),
    ) as EprEditable;
    const viewer: EprDetail['viewer'] = has('owner', actors)
      ? 'employee'
      : has('line_manager', actors)
        ? 'line_manager'
        : has('one_over_one', actors)
          ? 'one_over_one'
          : 'admin';
    const shown = viewer !== 'employee' || LINE_MANAGER_SHOWN_STATUSES.includes(row.statusId);
    const answer: EprDetail = {
      ...this.toListItem(auth, row),
      section_a: {
        rating: row.aRating,
        comment: row.aComment,
        lm_rating: row.aLmRating,
        lm_comment: row.aLmComment,
        objectives: [...grouped.values()],
        total_objective: totalObjective,
        total_mark: score.totalMark,
        total_lm_mark: score.totalLmMark,
        unfilled: score.unfilled,
        lm_unfilled: score.lmUnfilled,
        cap,
      },
      section_b: {
        rating: row.bRating,
        comment: row.bComment,
        lm_rating: row.bLmRating,
        lm_comment: row.bLmComment,
        stables: stables.map((st) => ({
          id: st.id,
          original: {
            name: st.name,
            objectives: JSON.parse(st.behaviours) as { name: string; enabled: boolean }[],
          },
          rating: st.rating,
          comment: st.comment,
          lm_rating: st.lmRating,
          lm_comment: st.lmComment,
        })),
      },
      section_c: {
        kpi_rating: row.cKpiRating,
        stable_rating: row.cStableRating,
        overall_rating: c?.value ?? null,
        band: c?.band ?? null,
        results: c?.results ?? null,
        behaviours: c?.behaviours ?? null,
      },
      section_d: {
        id: row.id,
        self_proposal: row.selfProposal,
        remarks: row.remarks,
        dev_areas: row.devAreas,
        lm_recommendation: row.lmRecommendation,
        lm_remarks: row.lmRemarks,
        lm_dev_areas: row.lmDevAreas,
        next_level_remarks: row.nextLevelRemarks,
        dev_plans: plans.map((p) => ({
          id: p.id,
          dev_area: p.devArea,
          action_plan: p.actionPlan,
          when: p.when,
          who: p.who,
        })),
      },
      editable,
      viewer,
      line_manager_shown: shown,
    };
    return shown ? answer : withoutLineManagerSide(answer);
  }

  async types(): Promise<Option[]> {
    return repo.types(this.db);
  }

  async statuses() {
    return repo.statuses(this.db);
  }

  async list(auth: AuthContext, q: ListQuery, url: string) {
    const own = q.list_type === 'self';
    teamOnlyFilters(own, q, { employee_id: 'employee' });
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, q),
      map: (r) => this.toListItem(auth, r),
    });
  }

  async get(auth: AuthContext, id: number): Promise<EprDetail> {
    return this.detail(this.db, auth, await this.workflow.read(auth, id));
  }

  /**
   * The values a review stores from a create or change body: the sheet must
   * be the employee's and approved; an annual review of a yearly sheet takes
   * the sheet's dates; one review of a type per sheet. Runs under the
   * employee's lock.
   */
  private async prepare(tx: Db, employeeId: number, body: EprBody, exceptId?: number) {
    const sheet = await repo.sheet(tx, body.kpi_id);
    if (!sheet || sheet.employeeId !== employeeId) throw domainError('epr_kpi_unknown', {}, 'kpi_id');
    if (sheet.statusId !== KPI_APPROVED)
      throw domainError('epr_kpi_not_approved', { name: sheet.name }, 'kpi_id');
    const type = await repo.type(tx, body.type_id);
    if (!type?.enabled) throw domainError('epr_type_unknown', {}, 'type_id');
    const taken = await repo.existing(tx, sheet.id, type.id, exceptId);
    if (taken) {
      const typeName = documentTexts(requestLanguage()).known(`epr.typeName.${type.id}`, type.name);
      throw domainError('epr_exists', { id: taken.id, name: sheet.name, type: typeName }, 'kpi_id');
    }
    const fromPeriod = type.id === EPR_TYPE.annual && sheet.typeId === KPI_TYPE.yearly;
    return {
      kpiId: sheet.id,
      typeId: type.id,
      name: `${sheet.name} – ${type.name}`,
      fromDate: fromPeriod ? sheet.fromDate : body.from_date,
      toDate: fromPeriod ? sheet.toDate : body.to_date,
    };
  }

  async create(auth: AuthContext, body: EprBody): Promise<EprDetail> {
    // A review cycle's launch makes reviews without the employee's lock: one made at that very
    // moment for the same sheet and type meets the unique index, and is the same refusal.
    const row = await this.createRow(auth, body).catch((err: unknown) => {
      if (pgCode(err) === UNIQUE_VIOLATION) throw domainError('epr_exists_now', {}, 'kpi_id');
      throw err;
    });
    return this.detail(this.db, auth, row);
  }

  private async createRow(auth: AuthContext, body: EprBody): Promise<EprRow> {
    return this.workflow.create(
      auth,
      auth.employeeId,
      async (tx) => ({ ...(await this.prepare(tx, auth.employeeId, body)), createdById: auth.employeeId }),
      undefined,
      async (tx, id) => {
        await repo.addLines(tx, id, body.kpi_id);
        await repo.addStables(tx, id);
      },
    );
  }

  /** The header (period, type, dates) of a draft; another sheet rebuilds Section A. */
  async update(auth: AuthContext, id: number, body: EprBody): Promise<EprDetail> {
    // In Draft only (EPR_RULES): the workflow refuses the other statuses.
    const row = await this.workflow.update(auth, id, async (tx, current) => {
      const values = await this.prepare(tx, current.employeeId, body, id);
      if (values.kpiId !== current.kpiId) await repo.replaceLines(tx, id, values.kpiId);
      return values;
    });
    return this.detail(this.db, auth, row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.workflow.remove(auth, id, undefined, async (tx) => {
      const images = await repo.evidenceFilesOf(tx, id);
      return () => repo.dropFiles(tx, images);
    });
    return { message: `${row.name} has been successfully deleted!` };
  }

  /**
   * Submit, approve, send back as EPR_WORKFLOW allows. Submitting needs the
   * employee's actuals and ratings; the line manager's approval needs theirs,
   * and fills Section C from them; a return to the line manager is approved
   * again once Section C is set.
   */
  async act(
    auth: AuthContext,
    action: ReviewAction,
    id: number,
    comment?: string | null,
  ): Promise<EprDetail> {
    const row = await this.workflow.act(auth, action, id, {
      comment,
      before: async (tx, current, transition) => {
        if (transition.to === EPR_STATUS.awaitingLineManager) {
          if (!current.lineManagerId) throw domainError('no_line_manager');
          const c = await repo.completeness(tx, current.id);
          const missing: [EprMissingPart, number?][] = [];
          if (c.actualMissing > 0) missing.push(['a_actuals', c.actualMissing]);
          if (current.aRating === null) missing.push(['a_rating']);
          if (current.bRating === null) missing.push(['b_rating']);
          if (c.ratingMissing > 0) missing.push(['b_values', c.ratingMissing]);
          if (missing.length > 0) throw domainError('epr_incomplete', eprMissingParams(missing));
        }
        if (
          transition.to === EPR_STATUS.awaitingOneOverOne &&
          current.statusId === EPR_STATUS.awaitingLineManager
        ) {
          const c = await repo.completeness(tx, current.id);
          const missing: [EprMissingPart, number?][] = [];
          if (c.lmActualMissing > 0) missing.push(['lm_a_actuals', c.lmActualMissing]);
          if (current.aLmRating === null) missing.push(['lm_a_rating']);
          if (current.bLmRating === null) missing.push(['lm_b_rating']);
          if (c.lmRatingMissing > 0) missing.push(['lm_b_values', c.lmRatingMissing]);
          if (missing.length > 0) throw domainError('epr_incomplete', eprMissingParams(missing));
        }
        if (
          transition.to === EPR_STATUS.awaitingOneOverOne &&
          current.statusId === EPR_STATUS.returnedToLineManager
        ) {
          if (current.cKpiRating === null || current.cStableRating === null)
            throw domainError('epr_incomplete', eprMissingParams([['c_ratings']]));
        }
      },
      set: (to) => {
        if (to === EPR_STATUS.awaitingLineManager) return { submittedAt: new Date() };
        if (to === EPR_STATUS.completed) return { completedAt: new Date() };
        return {};
      },
      after: async (tx, current, to) => {
        // Section C starts from the line manager's ratings of A and B (DESIGN.md §4).
        if (to === EPR_STATUS.awaitingOneOverOne && current.statusId === EPR_STATUS.awaitingLineManager) {
          const d = sectionCDefaults(current.aLmRating, current.bLmRating);
          await repo.setFields(tx, current.id, { cKpiRating: d.kpi_rating, cStableRating: d.stable_rating });
        }
      },
    });
    return this.detail(this.db, auth, row);
  }

  /** Runs a change of one part of a review under the workflow's lock and checks; answers the review. */
  private async edit(
    auth: AuthContext,
    id: number,
    name: PartName,
    work: (tx: Db, row: EprRow) => Promise<void>,
  ) {
    const { row } = await this.workflow.within(auth, id, work, part(name));
    return this.detail(this.db, auth, row);
  }

  /** Section A: the employee's rating and comment, or the line manager's. */
  async sectionRating(auth: AuthContext, id: number, body: SectionRatingBody) {
    const side = sideOf(body, ['lm_rating', 'lm_comment']);
    return this.edit(auth, id, side, (tx) =>
      repo.setFields(tx, id, {
        aRating: body.rating,
        aComment: body.comment,
        aLmRating: body.lm_rating,
        aLmComment: body.lm_comment,
      }),
    );
  }

  /**
   * Section B as one form: the section's rating and comment and every value's,
   * one side at a time, saved together in one transaction; every value must
   * be this review's.
   */
  async sectionB(auth: AuthContext, id: number, { stables = [], ...rating }: SectionBBody) {
    const lmFields = ['lm_rating', 'lm_comment'];
    const filled = (body: Record<string, unknown>) => Object.values(body).some((v) => v !== undefined);
    const sides = new Set<PartName>();
    if (filled(rating)) sides.add(sideOf(rating, lmFields));
    for (const { id: _, ...values } of stables) if (filled(values)) sides.add(sideOf(values, lmFields));
    if (sides.size === 0) throw domainError('epr_nothing_to_change');
    if (sides.size > 1) throw domainError('epr_fields_mixed');
    const side = [...sides][0] as PartName;
    return this.edit(auth, id, side, async (tx) => {
      const ids = [...new Set(stables.map((st) => st.id))];
      const own = await repo.stablesOf(tx, id, ids);
      if (own.length !== ids.length) throw domainError('epr_item_other_review', { item: 'value' }, 'stables');
      if (filled(rating))
        await repo.setFields(tx, id, {
          bRating: rating.rating,
          bComment: rating.comment,
          bLmRating: rating.lm_rating,
          bLmComment: rating.lm_comment,
        });
      for (const { id: stableId, ...values } of stables) {
        // A value named with nothing to set stays as it is.
        if (!filled(values)) continue;
        const st = { id: stableId, ...values };
        await repo.setStable(tx, st.id, {
          rating: st.rating,
          comment: st.comment,
          lmRating: st.lm_rating,
          lmComment: st.lm_comment,
        });
      }
    });
  }

  /** Section C: the line manager's ratings after the O&O returned the review (10). */
  async sectionC(auth: AuthContext, id: number, body: SectionCBody) {
    return this.edit(auth, id, 'section_c', (tx) =>
      repo.setFields(tx, id, { cKpiRating: body.kpi_rating, cStableRating: body.stable_rating }),
    );
  }

  /** Section D: each one's remarks on their turn (employee, line manager, O&O). */
  async sectionD(auth: AuthContext, id: number, body: SectionDBody) {
    const keys = Object.keys(body).filter((k) => body[k as keyof SectionDBody] !== undefined);
    if (keys.length === 0) throw domainError('epr_nothing_to_change');
    const lm = ['lm_recommendation', 'lm_remarks', 'lm_dev_areas'];
    const sides = new Set(
      keys.map((k) => (lm.includes(k) ? 'line_manager' : k === 'next_level_remarks' ? 'next_level' : 'self')),
    );
    if (sides.size > 1) throw domainError('epr_fields_mixed');
    const side = [...sides][0] as PartName;
    return this.edit(auth, id, side, (tx) =>
      repo.setFields(tx, id, {
        selfProposal: body.self_proposal,
        remarks: body.remarks,
        devAreas: body.dev_areas,
        lmRecommendation: body.lm_recommendation,
        lmRemarks: body.lm_remarks,
        lmDevAreas: body.lm_dev_areas,
        nextLevelRemarks: body.next_level_remarks,
      }),
    );
  }

  private async eprOfLine(lineId: number): Promise<number> {
    const line = await repo.line(this.db, lineId);
    if (!line) throw domainError('epr_item_not_found', { item: 'line' });
    return line.eprId;
  }

  /** One Section A line's actual value: the employee's (1, 5) or the line manager's (2). */
  async line(auth: AuthContext, lineId: number, body: LineBody) {
    const id = await this.eprOfLine(lineId);
    const side = sideOf(body, ['lm_actual']);
    return this.edit(auth, id, side, (tx) =>
      repo.setLine(tx, id, lineId, side === 'self' ? { actual: body.actual } : { lmActual: body.lm_actual }),
    );
  }

  /** Several Section A lines at once; every line must be this review's. */
  async lines(auth: AuthContext, id: number, body: LinesBody) {
    const sides = new Set(
      body.map((l) => sideOf({ actual: l.actual, lm_actual: l.lm_actual }, ['lm_actual'])),
    );
    if (sides.size > 1) throw domainError('epr_fields_mixed');
    const side = [...sides][0] as PartName;
    return this.edit(auth, id, side, async (tx) => {
      const ids = [...new Set(body.map((l) => l.objective_id))];
      const own = await repo.linesOf(tx, id, ids);
      if (own.length !== ids.length)
        throw domainError('epr_item_other_review', { item: 'line' }, 'objective_id');
      for (const l of body) {
        await repo.setLine(
          tx,
          id,
          l.objective_id,
          side === 'self' ? { actual: l.actual } : { lmActual: l.lm_actual },
        );
      }
    });
  }

  /** One value of Section B: the employee's rating and comment, or the line manager's. */
  async stable(auth: AuthContext, stableId: number, body: SectionRatingBody) {
    const st = await repo.stable(this.db, stableId);
    if (!st) throw domainError('epr_item_not_found', { item: 'value' });
    const side = sideOf(body, ['lm_rating', 'lm_comment']);
    return this.edit(auth, st.eprId, side, (tx) =>
      repo.setStable(tx, stableId, {
        rating: body.rating,
        comment: body.comment,
        lmRating: body.lm_rating,
        lmComment: body.lm_comment,
      }),
    );
  }

  /** A development plan row, added by the line manager while the review is with them. */
  async addDevPlan(auth: AuthContext, id: number, body: DevPlanBody) {
    return this.edit(auth, id, 'line_manager', (tx) => repo.addDevPlan(tx, id, devPlanValues(body)));
  }

  private async eprOfPlan(planId: number): Promise<number> {
    const plan = await repo.devPlan(this.db, planId);
    if (!plan) throw domainError('epr_item_not_found', { item: 'development plan row' });
    return plan.eprId;
  }

  async updateDevPlan(auth: AuthContext, planId: number, body: DevPlanBody) {
    const id = await this.eprOfPlan(planId);
    return this.edit(auth, id, 'line_manager', (tx) => repo.updateDevPlan(tx, planId, devPlanValues(body)));
  }

  async removeDevPlan(auth: AuthContext, planId: number) {
    const id = await this.eprOfPlan(planId);
    return this.edit(auth, id, 'line_manager', (tx) => repo.deleteDevPlan(tx, planId));
  }

  /**
   * Adds an evidence image to a Section A line: JPG or PNG under 200 KB, told
   * by its bytes, its pixels counted from its header, and stored at most
   * 2,000 px on its long side, encoded anew without metadata (SPEC.md §5).
   * The employee adds theirs while their side is open (1, 5), the line
   * manager theirs while the review waits for them (2); a line keeps at most
   * EVIDENCE_PER_LINE_MAX.
   */
  async addEvidence(auth: AuthContext, lineId: number, body: EvidenceUpload) {
    const id = await this.eprOfLine(lineId);
    // Who may not read the review learns nothing of why a file would be refused.
    const row = await this.workflow.read(auth, id);
    if (decodedSize(body.file) >= EVIDENCE_MAX_BYTES) throw domainError('epr_evidence_too_large', {}, 'file');
    const data = decodeBase64(body.file);
    if (data.length === 0) throw fieldError('file', MESSAGES.fileRequired);
    const format = imageFormat(data);
    if (!format) throw domainError('epr_evidence_format', {}, 'file');
    // Refused by its header (too many pixels) or when it does not decode; stored downscaled, re-encoded.
    const image = await evidenceImage(data, format, 'file');
    const side: PartName = row.employeeId === auth.employeeId ? 'self' : 'line_manager';
    return this.edit(auth, id, side, async (tx) => {
      if ((await repo.evidenceCount(tx, lineId)) >= EVIDENCE_PER_LINE_MAX)
        throw domainError('epr_evidence_limit', { max: EVIDENCE_PER_LINE_MAX }, 'file');
      await repo.addEvidence(tx, lineId, {
        name: body.name,
        mime: image.mime,
        data: image.data,
        createdBy: auth.employeeId,
      });
    });
  }

  /** Removes an evidence image: by the side that added it, while that side is open. */
  async removeEvidence(auth: AuthContext, evidenceId: number) {
    const image = await repo.evidence(this.db, evidenceId);
    if (!image) throw domainError('epr_item_not_found', { item: 'image' });
    const row = await repo.find(this.db, image.eprId);
    const side: PartName = image.createdBy === row?.employeeId ? 'self' : 'line_manager';
    return this.edit(auth, image.eprId, side, async (tx) => {
      await repo.removeEvidence(tx, image.id, image.fileId);
    });
  }

  /** An evidence image's bytes, for whoever may read its review. */
  async evidenceImage(auth: AuthContext, evidenceId: number) {
    const image = await repo.evidence(this.db, evidenceId);
    if (!image) throw domainError('epr_item_not_found', { item: 'image' });
    await this.workflow.read(auth, image.eprId);
    const file = await repo.evidenceFile(this.db, image.fileId);
    if (!file) throw domainError('epr_item_not_found', { item: 'image' });
    return file;
  }

  /** The approved sheets of the caller a review may be made for (the Period choice). */
  async periods(auth: AuthContext) {
    const rows = await repo.approvedSheets(this.db, auth.employeeId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: { id: r.typeId, name: r.typeName },
      status: statusAnswer(r),
      from: r.fromDate,
      to: r.toDate,
    }));
  }

  /**
   * A completed review as a PDF, for whoever may read it (409 in any other
   * status), in the employee's language whoever downloads it: its reference
   * names (perspectives, values) are read in that language too.
   */
  async pdf(auth: AuthContext, id: number) {
    const row = await this.workflow.read(auth, id);
    const language = await employeeLanguage(this.db, row.employeeId);
    return inLanguage(language, async () =>
      eprPdf(await this.detail(this.db, auth, row), new Date(), language),
    );
  }
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examSubjects, exams, lookupValues, workflowStatuses } from '../../db/schema';

export const lookupsRepository = {
  async byKind(db: Db, kind: string) {
    return db
      .select({ id: lookupValues.id, name: lookupValues.name })
      .from(lookupValues)
      .where(eq(lookupValues.kind, kind))
      .orderBy(asc(lookupValues.sortOrder), asc(lookupValues.id));
  },

  async all(db: Db) {
    return db
      .select({ id: lookupValues.id, name: lookupValues.name, kind: lookupValues.kind })
      .from(lookupValues)
      .where(eq(lookupValues.enabled, true))
      .orderBy(asc(lookupValues.kind), asc(lookupValues.sortOrder), asc(lookupValues.id));
  },

  async statuses(db: Db, module: string) {
    return db
      .select({ id: workflowStatuses.id, name: workflowStatuses.name, color: workflowStatuses.color })
      .from(workflowStatuses)
      .where(eq(workflowStatuses.module, module))
      .orderBy(asc(workflowStatuses.id));
  },

  async exams(db: Db) {
    const rows = await db
      .select({
        id: exams.id,
        name: exams.name,
        typeId: exams.educationTypeId,
        subjectId: examSubjects.id,
        subjectName: examSubjects.name,
      })
      .from(exams)
      .leftJoin(examSubjects, eq(examSubjects.examId, exams.id))
      .orderBy(asc(exams.id), asc(examSubjects.id));
    const byId = new Map<
      number,
      { id: number; name: string; type_id: number | null; subjects: { id: number; name: string }[] }
    >();
    for (const r of rows) {
      let exam = byId.get(r.id);
      if (!exam) {
        exam = { id: r.id, name: r.name, type_id: r.typeId, subjects: [] };
        byId.set(r.id, exam);
      }
      if (r.subjectId !== null && r.subjectName !== null)
        exam.subjects.push({ id: r.subjectId, name: r.subjectName });
    }
    return [...byId.values()];
  },
};

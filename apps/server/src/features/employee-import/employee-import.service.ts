import {
  EMPLOYEE_FILE_MAX_BYTES,
  type EmployeeImport,
  type EmployeeImportRowError,
} from '@hr/contracts/employee-import';
import { IMPORT_ERRORS_KEPT, type importFileBody, type importsQuery } from '@hr/contracts/imports';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, changeData, diffFields, type FieldChanges, type FieldValues } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { ImportRecords, type ImportRow, unreadableAs422 } from '../../lib/imports';
import { requireAdminContext } from '../../lib/reference-data';
import { decodeBase64, decodedSize } from '../../lib/uploads';
import { type EmployeeCells, type EmployeeRow, readEmployeeFile, refusal } from './employee-file';
import {
  type ChainLink,
  type EmployeeAudit,
  type EmployeeValues,
  type ExistingEmployee,
  type OfficeReference,
  type Reference,
  employeeImportRepository as repo,
} from './employee-import.repository';
import { managerCircles } from './line-managers';

type ImportBody = z.output<typeof importFileBody>;
type ImportsQuery = z.output<typeof importsQuery>;

/** A file that is not CSV text. */
const UNREADABLE = { notText: 'employee_file_not_text', malformed: 'employee_file_malformed' } as const;

/** The action of the audit rows of the employees an import made or changed (their record's change log). */
export const IMPORT_ACTION = 'employee_import';

/** Names as an import looks them up: the name exactly as kept, else the only one equal to it but for case. */
class ByName<T extends Reference> {
  private readonly exact = new Map<string, T>();
  private readonly folded = new Map<string, T[]>();

  constructor(items: readonly T[]) {
    for (const item of items) {
      this.exact.set(item.name, item);
      const key = item.name.toLowerCase();
      this.folded.set(key, [...(this.folded.get(key) ?? []), item]);
    }
  }

  find(name: string): T | null {
    const same = this.folded.get(name.toLowerCase());
    return this.exact.get(name) ?? (same?.length === 1 ? same[0]! : null);
  }
}

/** A row of a good file, resolved: its employee's values after the import, and before it when they exist. */
interface Resolved {
  eid: string;
  existing: ExistingEmployee | null;
  /** The values after the import, but the line manager (whose id a new one gets when written). */
  values: Omit<EmployeeValues, 'parentId'>;
  /** The line manager's E-ID after the import. */
  managerEid: string | null;
  /** The record's parts as the change log keeps them, before (null for a new employee) and after. */
  before: Record<string, FieldValues> | null;
  after: Record<string, FieldValues>;
  /** What the import changes, part by part: empty for an employee already as the file has them. */
  changes: [string, FieldChanges][];
}

/** What a file comes to: refused rows, or what it changes. */
type Outcome =
  | { refused: number; errors: EmployeeImportRowError[] }
  | { refused: 0; rows: Resolved[]; chain: Map<string, ChainLink> };

/** The changes from one state of a record to another, part by part (the parts that changed). */
function changesOf(
  before: Record<string, FieldValues> | null,
  after: Record<string, FieldValues>,
): [string, FieldChanges][] {
  return Object.entries(after)
    .map(([section, values]): [string, FieldChanges] => [
      section,
      diffFields(before?.[section] ?? null, values),
    ])
    .filter(([, changes]) => Object.keys(changes).length > 0);
}

/**
 * The employee import (DESIGN.md §10): a CSV file of employees, all or
 * nothing, idempotent on the E-ID. Every row is checked — its cells by the
 * profile's rules, then against the rest of the file and the portal (an
 * E-ID twice, the names of the company, office and designation, the line
 * manager, circles of line managers) — and every bad row is reported by its
 * line. A good file is written in one transaction, a statement per kind of
 * write whatever its length: new E-IDs added, employees already there
 * updated where a value differs, line managers set once everyone exists, so
 * the file may name a manager on a later line than their reports.
 */
export class EmployeeImportService {
  private readonly imports: ImportRecords<EmployeeImportRowError>;

  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.imports = new ImportRecords(db, secret, 'employees', 'employee_import_not_found');
  }

  async importFile(auth: AuthContext, body: ImportBody): Promise<EmployeeImport> {
    requireAdminContext(auth);
    if (decodedSize(body.file) > EMPLOYEE_FILE_MAX_BYTES)
      throw domainError('employee_file_too_large', {}, 'file');
    const file = await unreadableAs422(UNREADABLE, () => readEmployeeFile(decodeBase64(body.file)));
    const { header } = file;
    if (!header.ok) {
      if (header.unknown.length > 0)
        throw domainError('employee_file_columns_unknown', { columns: header.unknown.join(', ') }, 'file');
      throw domainError('employee_file_columns_missing', { columns: header.missing.join(', ') }, 'file');
    }
    if (file.rows.length === 0) throw domainError('employee_file_empty', {}, 'file');
    const columns = new Set(header.places.keys());
    const base = { fileName: body.file_name, total: file.rows.length };

    if (body.dry_run === true) {
      const outcome = await this.check(this.db, file.rows, columns, false);
      if ('errors' in outcome)
        return {
          ...(await this.imports.dryAnswer(auth, {
            ...base,
            ...outcome,
            added: 0,
            duplicates: 0,
            status: 'refused',
          })),
          updated: 0,
        };
      const counts = countsOf(outcome.rows);
      return {
        ...(await this.imports.dryAnswer(auth, {
          ...base,
          added: counts.added,
          duplicates: counts.duplicates,
          refused: 0,
          errors: [],
          status: 'done',
        })),
        updated: counts.updated,
      };
    }

    const id = await this.db.transaction(async (tx) => {
      await this.imports.lock(tx);
      const outcome = await this.check(tx, file.rows, columns, true);
      if ('errors' in outcome)
        return this.imports.insert(tx, auth, {
          ...base,
          ...outcome,
          added: 0,
          duplicates: 0,
          updated: 0,
          status: 'refused',
        });
      const counts = countsOf(outcome.rows);
      const importId = await this.imports.insert(tx, auth, {
        ...base,
        ...counts,
        refused: 0,
        errors: [],
        status: 'done',
      });
      await this.write(tx, auth, importId, outcome.rows, outcome.chain);
      await audit(tx, auth, {
        action: 'import',
        entity: 'employee_import',
        entityId: importId,
        data: { file_name: body.file_name, total: base.total, ...counts },
      });
      return importId;
    });
    return this.answer((await this.imports.find(this.db, id))!);
  }

  /**
   * Checks every row against the rest of the file and the portal; a good
   * file's rows resolved to what each employee becomes. `lock` locks the
   * rows of the employees the file names (inside the import's transaction).
   */
  private async check(db: Db, rows: EmployeeRow[], columns: Set<string>, lock: boolean): Promise<Outcome> {
    // The first row of each E-ID is the employee's; a later one is refused.
    const byEid = new Map<string, EmployeeRow>();
    for (const row of rows) {
      const eid = row.values.eid;
      if (eid === undefined) continue;
      if (byEid.has(eid)) row.errors.push(refusal(row.line, 'eid_duplicate', eid));
      else byEid.set(eid, row);
    }
    const eids = [...byEid.keys()];
    const managerEids = new Set<string>();
    for (const row of rows) if (row.values.line_manager_eid) managerEids.add(row.values.line_manager_eid);

    // One after another: inside the import's transaction they share one connection.
    const references = await repo.references(db);
    const existingRows = await repo.existing(db, eids, lock);
    const links = await repo.chains(db, [...new Set([...eids, ...managerEids])]);
    const existing = new Map(existingRows.map((e) => [e.eid, e]));
    const chain = new Map(links.map((l) => [l.eid, l]));
    const eidOf = new Map(links.map((l) => [l.id, l.eid]));
    const companies = new ByName(references.companies);
    const officesOf = new Map<number, ByName<OfficeReference>>();
    for (const companyId of new Set(references.offices.map((o) => o.companyId)))
      officesOf.set(companyId, new ByName(references.offices.filter((o) => o.companyId === companyId)));
    const officeNames = new Set(references.offices.map((o) => o.name.toLowerCase()));
    const officeById = new Map(references.offices.map((o) => [o.id, o]));
    const designations = new ByName(references.designations);

    // A disabled company, office or designation is taken only where the employee has it already.
    const usable = <T extends Reference>(found: T | null, current: number | null | undefined) =>
      found && (found.enabled || found.id === current) ? found : null;

    const picked = new Map<
      EmployeeRow,
      { company: Reference; office: OfficeReference | null; designation: Reference | null }
    >();
    for (const row of rows) {
      const { values, line } = row;
      const current = values.eid === undefined ? undefined : existing.get(values.eid);
      let company: Reference | null = null;
      if (values.company !== undefined) {
        company = usable(companies.find(values.company), current?.companyId);
        if (!company) row.errors.push(refusal(line, 'company_unknown', values.company));
      }
      let office: OfficeReference | null = null;
      if (company && values.office) {
        office = usable(officesOf.get(company.id)?.find(values.office) ?? null, current?.officeId);
        if (!office)
          row.errors.push(
            refusal(
              line,
              officeNames.has(values.office.toLowerCase()) && !officesOf.get(company.id)?.find(values.office)
                ? 'office_other_company'
                : 'office_unknown',
              values.office,
            ),
          );
      }
      let designation: Reference | null = null;
      if (values.designation) {
        designation = usable(designations.find(values.designation), current?.designationId);
        if (!designation) row.errors.push(refusal(line, 'designation_unknown', values.designation));
      }
      const manager = values.line_manager_eid;
      if (manager && !byEid.has(manager) && !chain.has(manager))
        row.errors.push(refusal(line, 'line_manager_unknown', manager));
      if (company) picked.set(row, { company, office, designation });
    }

    // After the import, everyone's line manager: the file's where it names them, else as now.
    const setsManagers = columns.has('line_manager_eid');
    const managerOf = (eid: string): string | null => {
      const row = byEid.get(eid);
      if (row && setsManagers) return row.values.line_manager_eid ?? null;
      const parentId = chain.get(eid)?.parentId ?? null;
      return parentId === null ? null : (eidOf.get(parentId) ?? null);
    };
    if (setsManagers)
      for (const [eid, circle] of managerCircles(eids, managerOf)) {
        const row = byEid.get(eid);
        if (row) row.errors.push(refusal(row.line, 'line_manager_cycle', circle.join(' → ')));
      }

    const bad = rows.filter((row) => row.errors.length > 0);
    if (bad.length > 0)
      return { refused: bad.length, errors: bad.flatMap((row) => row.errors).slice(0, IMPORT_ERRORS_KEPT) };

    // A line manager as the change log names them: by their name before the import, and E-ID.
    const managerLabel = (eid: string | null) => {
      if (eid === null) return null;
      const name = chain.get(eid)?.name ?? byEid.get(eid)?.values.name ?? '';
      return `${name} (${eid})`;
    };
    const resolved = rows.map((row): Resolved => {
      const cells = row.values as EmployeeCells;
      const was = existing.get(cells.eid) ?? null;
      const { company, office, designation } = picked.get(row)!;
      const keep = <T>(column: string, fromFile: T, now: T): T => (columns.has(column) ? fromFile : now);
      // An office left out of the file stays while it is of the employee's company.
      const kept = was?.officeId ? officeById.get(was.officeId) : undefined;
      const officeAfter = keep('office', office, kept?.companyId === company.id ? kept : null) ?? null;
      const designationAfter = keep<{ id: number; name: string } | null>(
        'designation',
        designation,
        was?.designationId ? { id: was.designationId, name: was.designation ?? '' } : null,
      );
      const values: Omit<EmployeeValues, 'parentId'> = {
        name: cells.name,
        mobile: cells.mobile,
        email: keep('email', cells.email, was?.email ?? null),
        companyId: company.id,
        officeId: officeAfter?.id ?? null,
        designationId: designationAfter?.id ?? null,
        joiningDate: keep('joining_date', cells.joining_date, was?.joiningDate ?? null),
      };
      const managerEid = managerOf(cells.eid);
      const wasManager = was?.parentId ? (eidOf.get(was.parentId) ?? null) : null;
      const before = was && {
        basic: {
          name: was.name,
          eid: was.eid,
          mobile: was.mobile,
          email: was.email,
          designation: was.designation,
          line_manager: managerLabel(wasManager),
        },
        general: { joining_date: was.joiningDate },
        company: { company: was.company, office: was.office },
      };
      const after = {
        basic: {
          name: values.name,
          eid: cells.eid,
          mobile: values.mobile,
          email: values.email,
          designation: designationAfter?.name ?? null,
          line_manager: managerLabel(managerEid),
        },
        general: { joining_date: values.joiningDate },
        company: { company: company.name, office: officeAfter?.name ?? null },
      };
      return {
        eid: cells.eid,
        existing: was,
        values,
        managerEid,
        before,
        after,
        changes: changesOf(before, after),
      };
    });
    return { refused: 0, rows: resolved, chain };
  }

  /** A good file's writes: the new employees, the changed ones, and their audit rows. */
  private async write(
    tx: Db,
    auth: AuthContext,
    importId: number,
    rows: Resolved[],
    chain: Map<string, ChainLink>,
  ) {
    const changed = rows.filter((row) => row.changes.length > 0);
    const fresh = changed.filter((row) => row.existing === null);
    // The new employees' ids first, so that every line manager of the file has one before anything is written.
    const ids = await repo.newIds(tx, fresh.length);
    const made = new Map(fresh.map((row, i) => [row.eid, ids[i]!]));
    const idOf = (eid: string) => made.get(eid) ?? chain.get(eid)!.id;
    const withManager = (row: Resolved): EmployeeValues => ({
      ...row.values,
      parentId: row.managerEid === null ? null : idOf(row.managerEid),
    });
    await repo.insert(
      tx,
      fresh.map((row) => ({ id: idOf(row.eid), eid: row.eid, ...withManager(row) })),
    );
    await repo.update(
      tx,
      changed.flatMap((row) => (row.existing ? [{ id: row.existing.id, ...withManager(row) }] : [])),
    );
    const audits: EmployeeAudit[] = changed.flatMap((row) =>
      row.changes.map(([section, changes]) => ({
        employeeId: idOf(row.eid),
        data: { import_id: importId, section, ...changeData(changes) },
      })),
    );
    await repo.auditEmployees(tx, auth, IMPORT_ACTION, audits);
  }

  private answer(row: ImportRow): EmployeeImport {
    return { ...this.imports.answer(row), updated: row.updated };
  }

  /** The employee imports, the latest first, with their counts and reports. */
  async listImports(auth: AuthContext, query: ImportsQuery, url: string) {
    requireAdminContext(auth);
    return this.imports.list(query, url, (row) => this.answer(row));
  }

  async getImport(auth: AuthContext, id: number): Promise<EmployeeImport> {
    requireAdminContext(auth);
    return this.answer(await this.imports.get(id));
  }
}

/** A good file's counts: new employees, changed ones, and those already as the file has them. */
function countsOf(rows: Resolved[]) {
  let added = 0;
  let updated = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (row.existing === null) added += 1;
    else if (row.changes.length > 0) updated += 1;
    else duplicates += 1;
  }
  return { added, updated, duplicates };
}

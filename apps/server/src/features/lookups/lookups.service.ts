import { type AllLookups, LOOKUP_KINDS, type LookupName } from '@hr/contracts/lookups';
import type { Db } from '../../db/client';
import { lookupsRepository as repo } from './lookups.repository';

/** The small reference lists behind the selects, and status names and colours (exams are the organisation's). */
export class LookupsService {
  constructor(private readonly db: Db) {}

  /** Every enabled list at once, each under its name (an empty list for a kind without values). */
  async all(): Promise<AllLookups> {
    const rows = await repo.all(this.db);
    const out = Object.fromEntries(
      Object.keys(LOOKUP_KINDS).map((name) => [name, []]),
    ) as unknown as AllLookups;
    const nameOf = Object.fromEntries(
      Object.entries(LOOKUP_KINDS).map(([name, kind]) => [kind, name as LookupName]),
    );
    for (const row of rows) {
      const name = nameOf[row.kind];
      if (name) out[name].push({ id: row.id, name: row.name });
    }
    return out;
  }

  list(name: LookupName) {
    return repo.byKind(this.db, LOOKUP_KINDS[name]);
  }

  statuses(module: string) {
    return repo.statuses(this.db, module);
  }
}

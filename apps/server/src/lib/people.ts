import type { PersonRef } from '@hr/contracts/people';
import { photoUrls } from './signed-urls';

/**
 * People named inside other records (an employee, their line manager, O&O,
 * responsible person, whoever made or changed a record): the reference an
 * answer carries for each, with the photo's signed URLs.
 */

/** A person reference as answers carry it (with signed photo URLs), or null. */
export function personRef(
  secret: string,
  p: { id: number | null; eid: string | null; name: string | null; photoVersion: number | null } | null,
): PersonRef | null {
  if (!p || p.id === null || p.eid === null || p.name === null) return null;
  return { id: p.id, eid: p.eid, name: p.name, photo: photoUrls(secret, p.id, p.photoVersion ?? 0) };
}

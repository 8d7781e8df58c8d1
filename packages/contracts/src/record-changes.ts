import { z } from 'zod';
import { type ListResponse, limit, listResponse, page, sort } from './lists';
import { personRef } from './people';

/**
 * The change log of a person's record: GET employees/{id}/changes. Every
 * change to the record is a row: who, when, which part (and item), and each
 * changed field before and after; values the reader may not see are masked
 * (DESIGN.md §9).
 */

/** What was done to the record. */
export const CHANGE_ACTIONS = [
  'profile_update',
  'item_add',
  'item_update',
  'item_delete',
  'photo_upload',
  'document_upload',
  'document_rename',
  'document_delete',
  'enable',
  'disable',
  'create_user',
  'assign_company',
  'assign_office',
  'assign_group',
  'remove_group',
  'assign_asset',
  'remove_asset',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const CHANGE_SORT_FIELDS = ['id', 'created'] as const;
export const CHANGES_DEFAULT_SORT = 'id,desc';

export const changesQuery = z.object({ page, limit, sort: sort.unwrap().default(CHANGES_DEFAULT_SORT) });
export type ChangesQuery = z.output<typeof changesQuery>;

export const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ChangeValue = z.infer<typeof changeValue>;

/** One field of a change; `masked`: the reader may not see this field, and its values are left out. */
export const fieldChange = z.object({
  field: z.string(),
  before: changeValue,
  after: changeValue,
  masked: z.boolean(),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const recordChange = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The part of the record (a profile section, company, office, groups, assets, account...). */
  section: z.string(),
  /** The item of a list section (an education, a document...), when one. */
  item_id: z.number().int().nullable(),
  /** When, ISO 8601. */
  created: z.string(),
  /** Who made the change. */
  actor: personRef.nullable(),
  /** The HR administrator who was signed in as the actor, when one was. */
  impersonated_by: z.string().nullable(),
  changes: z.array(fieldChange),
});
export type RecordChange = z.infer<typeof recordChange>;

export const recordChangesResponse = listResponse(recordChange);
export type RecordChangesResponse = ListResponse<RecordChange>;

import type { AnyImport } from '@hr/contracts/imports';
import type { ListResponse } from '@hr/contracts/lists';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { api } from '../../lib/http';

/** One kind of import as the import screen shows it (punches, employees). */
export interface ImportKind<T extends AnyImport> {
  /** Where its files go and its imports are listed: `attendance/imports`, `employees/imports`. */
  path: string;
  /** The largest file it takes, in bytes. */
  maxBytes: number;
  /** Its counts, in the order the screen lists them. */
  counts: ImportCount<T>[];
  /** Why a row was refused, in words. */
  reason: (error: T['errors'][number]) => ReactNode;
}

/** One count of an import: its label and where the answer has it. */
export interface ImportCount<T extends AnyImport> {
  key: string;
  label: string;
  value: (result: T) => number;
}

/** The counts every import has: rows, added, already there, refused. */
export function commonCounts(
  t: TFunction,
): Record<'total' | 'added' | 'duplicates' | 'refused', ImportCount<AnyImport>> {
  return {
    total: { key: 'total', label: t('imports.counts.total'), value: (r) => r.total },
    added: { key: 'added', label: t('imports.counts.added'), value: (r) => r.added },
    duplicates: { key: 'duplicates', label: t('imports.counts.duplicates'), value: (r) => r.duplicates },
    refused: { key: 'refused', label: t('imports.counts.refused'), value: (r) => r.refused },
  };
}

const importKeys = {
  all: (path: string) => ['imports', path] as const,
  page: (path: string, page: number, limit: number) => ['imports', path, page, limit] as const,
};

/** A page of an import kind's imports, the latest first. */
export function useImportList<T extends AnyImport>(path: string, page: number, limit: number) {
  return useQuery({
    queryKey: importKeys.page(path, page, limit),
    queryFn: ({ signal }) =>
      api.get<ListResponse<T>>(path, { query: { page, limit, sort: 'id,desc' }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After an import was kept: its kind's list of imports is read again. */
export function useImportListChanged(path: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: importKeys.all(path) });
}

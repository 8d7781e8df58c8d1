import type { Group, GroupTreeItem } from '@hr/contracts/employee-search';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/http';
import { referenceKeys } from '../../lib/keys';
import { REFERENCE_STALE_MS } from '../../lib/query';
import { useCompanyOptions } from '../employee-search/api';

/** The companies a list filters on (loaded once asked for). */
export function useCompanyChoices(active: boolean) {
  return useCompanyOptions(active);
}

interface TreeNode {
  value: number | string;
  title: string;
  selectable?: boolean;
  children: TreeNode[];
}

/**
 * The groups of type 1 a list filters on (SPEC.md §2: the EPR and KPI filter
 * panels load them with group type_id 1), as a tree whose groups are headings
 * and whose items are what one picks.
 */
export function useGroupChoices(active: boolean) {
  const query = useQuery({
    queryKey: referenceKeys.groupsOfType(1),
    queryFn: () => api.get<Group[]>('groups', { query: { type_id: 1 } }),
    staleTime: REFERENCE_STALE_MS,
    enabled: active,
  });
  const data = useMemo(() => {
    const toNode = (item: GroupTreeItem): TreeNode => ({
      value: item.id,
      title: item.name,
      children: item.children.map(toNode),
    });
    return query.data?.map(
      (g): TreeNode => ({
        value: `group-${g.id}`,
        title: g.name,
        selectable: false,
        children: g.tree.map(toNode),
      }),
    );
  }, [query.data]);
  return { data, isLoading: query.isLoading };
}

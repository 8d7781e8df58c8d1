import type { GroupTreeCreate } from '@hr/contracts/employee-search';
import type { Option } from '@hr/contracts/lookups';
import type {
  DevelopmentArea,
  ExamItem,
  GroupItem,
  SubjectCreate,
  SubjectCreated,
  SubjectUpdate,
} from '@hr/contracts/organisation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LANGUAGE } from '../../lib/admin-resources';
import { api } from '../../lib/http';
import { referenceKeys } from '../../lib/keys';
import { REFERENCE_STALE_MS } from '../../lib/query';
import { organisationKeys, organisationResources } from './keys';

const { exams, groups, developmentAreas } = organisationResources;

/** The enabled development areas (the choices of a review's development plan). */
export function useDevelopmentAreas(active = true) {
  return useQuery({
    queryKey: organisationKeys.enabledDevelopmentAreas,
    queryFn: () => api.get<DevelopmentArea[]>(developmentAreas.path),
    staleTime: REFERENCE_STALE_MS,
    enabled: active,
  });
}

/** A lookup list the organisation's forms choose from (education types, group types). */
export function useLookupOptions(kind: 'education-types' | 'group-types') {
  return useQuery({
    queryKey: organisationKeys.lookup(kind),
    queryFn: () => api.get<Option[]>(`lookups/${kind}`),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** One exam as it is now (the subjects drawer), read again after each change. */
export function useExam(id: number | null) {
  return useQuery({
    queryKey: referenceKeys.exam(id),
    queryFn: ({ signal }) => api.get<ExamItem>(`${exams.path}/${id}`, { signal, language: ADMIN_LANGUAGE }),
    enabled: id !== null,
  });
}

/** One group with its tree as it is now (the tree drawer), read again after each change. */
export function useGroup(id: number | null) {
  return useQuery({
    queryKey: referenceKeys.group(id),
    queryFn: ({ signal }) => api.get<GroupItem>(`${groups.path}/${id}`, { signal }),
    enabled: id !== null,
  });
}

/**
 * Add, rename (or name in the other languages) and delete the subjects of an
 * exam. Failures are the caller's to report (a name taken is a field error);
 * success refreshes every exam list, the profile's education form among them.
 */
export function useSubjectMutations(examId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: exams.queryKey });
  const add = useMutation({
    mutationFn: (body: SubjectCreate) => api.post<SubjectCreated>(`${exams.path}/${examId}/subjects`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubjectUpdate }) =>
      api.patch<SubjectCreated>(`${exams.path}/subjects/${id}`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (subjectId: number) =>
      api.delete<{ message: string }>(`${exams.path}/subjects`, { subject_id: subjectId }),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { add, update, remove };
}

/** Add and delete the items of a group's tree; success refreshes every group list, the list filters among them. */
export function useTreeMutations(groupId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: groups.queryKey });
  const add = useMutation({
    mutationFn: (body: GroupTreeCreate) => api.post<{ id: number }>(`${groups.path}/${groupId}/trees`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (treeId: number) =>
      api.delete<{ message: string }>(`${groups.path}/trees`, { tree_id: treeId }),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { add, remove };
}

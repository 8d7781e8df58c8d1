import type { SessionUser } from '@hr/contracts/auth';
import type {
  ActivitiesPage,
  ActivityFilter,
  AdminOptions,
  EmployeeProfile,
  ProfileDocument,
} from '@hr/contracts/employees';
import type { RecordChangesResponse } from '@hr/contracts/record-changes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { api } from '../../lib/http';
import { meKeys } from '../../lib/keys';
import { profileKeys } from './keys';

/** GET employees/{id}: the whole profile, or the directory card, as the server decides. */
export function useProfile(id: number | null) {
  return useQuery({
    queryKey: profileKeys.profile(id ?? 0),
    queryFn: ({ signal }) => api.get<EmployeeProfile>(`employees/${id}`, { signal }),
    enabled: id !== null,
    // The page shows its own state for a profile that does not exist.
    meta: { silent: true },
    retry: false,
  });
}

/** After any change the profile (and the header, for a photo or name) is read again. */
function useRefresh(id: number) {
  const client = useQueryClient();
  return (alsoMe = false) =>
    Promise.all([
      client.invalidateQueries({ queryKey: profileKeys.profile(id) }),
      alsoMe ? client.invalidateQueries({ queryKey: meKeys.all }) : null,
    ]);
}

export type SaveCall =
  | { method: 'post' | 'patch'; path: string; body: unknown }
  | { method: 'delete'; path: string; body?: unknown };

/** Saves one section or item (POST, PATCH or DELETE under employees/{id}); forms report their own errors. */
export function useSectionSave(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (call: SaveCall) => api[call.method]<unknown>(call.path, call.body),
    onSuccess: (_data, call) => refresh(call.path === `employees/${id}`),
    meta: { silent: true },
  });
}

export function usePhotoUpload(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (photo: string) => api.patch<{ message: string }>(`employees/photo/${id}`, { photo }),
    onSuccess: () => refresh(true),
    meta: { silent: true },
  });
}

export function useDocumentUpload(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: { name: string; file_name: string; file: string }) =>
      api.post<ProfileDocument>(`employees/${id}/files`, body),
    onSuccess: () => refresh(),
    meta: { silent: true },
  });
}

/** Downloads a document with the bearer token and saves it under its file name. */
export function downloadDocument(employeeId: number, doc: ProfileDocument) {
  return downloadFile(`employees/${employeeId}/files/${doc.id}`, doc.file_name);
}

export function useActivities(
  employeeId: number,
  params: { filter: ActivityFilter | undefined; page: number; limit: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: profileKeys.activities(employeeId, params),
    queryFn: ({ signal }) =>
      api.get<ActivitiesPage>('employee/activities', {
        signal,
        query: {
          employee_id: employeeId,
          filter: params.filter,
          page: params.page,
          limit: params.limit,
          sort: 'id,desc',
        },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET employees/{id}/changes: a page of the record's change log, newest first. */
export function useChanges(employeeId: number, page: number, limit: number) {
  return useQuery({
    queryKey: profileKeys.changesPage(employeeId, page),
    queryFn: ({ signal }) =>
      api.get<RecordChangesResponse>(`employees/${employeeId}/changes`, {
        signal,
        query: { page, limit, sort: 'id,desc' },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOptions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.adminOptions(id),
    queryFn: () => api.get<AdminOptions>(`employees/${id}/admin-options`),
    enabled,
  });
}

/** The administrator's controls: PATCH or POST with employee_id in the body. */
export function useAdminAction(id: number) {
  const refresh = useRefresh(id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      path,
      method = 'patch',
      body = {},
    }: {
      path: string;
      method?: 'patch' | 'post';
      body?: object;
    }) => api[method]<{ message: string }>(path, { employee_id: id, ...body }),
    onSuccess: () =>
      Promise.all([refresh(), client.invalidateQueries({ queryKey: profileKeys.adminOptions(id) })]),
  });
}

/** Signs in as the employee in a new tab (POST impersonate, then /impersonate?user=). */
export async function signInAs(employeeId: number) {
  const user = await api.post<SessionUser>('impersonate', { employee_id: employeeId });
  const bytes = new TextEncoder().encode(JSON.stringify(user));
  const payload = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  window.open(`/impersonate?user=${payload}`, '_blank', 'noopener');
}

/** A file's content as a data URL (base64), as the upload calls take it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** PNG or JPEG by the first bytes, as the server checks. */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return png || jpeg;
}

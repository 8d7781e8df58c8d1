import type {
  Device,
  DeviceCreate,
  DeviceUpdate,
  DeviceWithKey,
  PunchImport,
  PunchImportBody,
  PunchImportsResponse,
} from '@hr/contracts/attendance-intake';
import { DEFAULT_STATUS_TEXT } from '@hr/contracts/errors';
import type { ListResponse } from '@hr/contracts/lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, buildUrl, errorMessage } from '../../lib/http';
import { endSession, getSession } from '../../lib/session';

export const intakeKeys = {
  devices: ['attendance', 'devices'] as const,
  imports: (page: number, limit: number) => ['attendance', 'imports', page, limit] as const,
  allImports: ['attendance', 'imports'] as const,
};

/** Every device (a short list, answered whole without page or limit). */
export function useDevices() {
  return useQuery({
    queryKey: intakeKeys.devices,
    queryFn: ({ signal }) => api.get<ListResponse<Device>>('attendance/devices', { signal }),
  });
}

function useDevicesChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: intakeKeys.devices });
}

/** Adds a device; the answer carries its key, this once. */
export function useAddDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: (body: DeviceCreate) => api.post<DeviceWithKey>('attendance/devices', body),
    // The form shows the errors itself.
    meta: { silent: true },
    onSuccess: changed,
  });
}

export function useUpdateDevice(options: { silent?: boolean } = {}) {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeviceUpdate }) =>
      api.patch<Device>(`attendance/devices/${id}`, body),
    meta: { silent: options.silent ?? false },
    onSuccess: changed,
  });
}

/** A new key for a device: the old one stops working. */
export function useNewKey() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<DeviceWithKey>(`attendance/devices/${id}/key`),
    onSuccess: changed,
  });
}

export function useDeleteDevice() {
  const changed = useDevicesChanged();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>('attendance/devices', { device_id: id }),
    onSuccess: changed,
  });
}

/** A page of the last imports, the latest first. */
export function useImports(page: number, limit: number) {
  return useQuery({
    queryKey: intakeKeys.imports(page, limit),
    queryFn: ({ signal }) =>
      api.get<PunchImportsResponse>('attendance/imports', {
        query: { page, limit, sort: 'id,desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useImportsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: intakeKeys.allImports });
    // The reports read the punches.
    void client.invalidateQueries({ queryKey: ['attendance', 'report'] });
  };
}

/** A file's bytes as base64 (without the `data:` prefix). */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends a punch file. The body goes through XMLHttpRequest rather than
 * fetch: only its upload events tell how much of the body has left (fetch
 * has no upload progress). `onSent` is told the share sent, from 0 to 1; once
 * the whole file is sent the server checks and imports it and answers when
 * it is done. Failures are the http client's `ApiError`s; a 401 ends the
 * session as every other call does.
 */
export function uploadPunchFile(
  body: PunchImportBody,
  onSent: (share: number) => void,
): Promise<PunchImport> {
  return new Promise((resolve, reject) => {
    const session = getSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('attendance/imports'));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', 'application/json');
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    xhr.upload.onload = () => onSent(1);
    xhr.onerror = () => reject(new ApiError(0, DEFAULT_STATUS_TEXT[503] ?? 'service unavailable', null));
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer) return resolve(answer as PunchImport);
      const errorBody = answer && typeof answer === 'object' ? (answer as ApiError['body']) : null;
      if (xhr.status === 401 && session && getSession()?.token === session.token) endSession('unauthorized');
      reject(new ApiError(xhr.status, errorMessage(xhr.status, errorBody), errorBody));
    };
    xhr.send(JSON.stringify(body));
  });
}

/** Where devices send their punches, as the key dialog tells it. */
export const PUNCHES_PATH = `${API_BASE}/attendance/punches`;

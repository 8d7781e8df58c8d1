import type { Device, DeviceCreate, DeviceUpdate, DeviceWithKey } from '@hr/contracts/attendance-intake';
import type { ListResponse } from '@hr/contracts/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/http';
import { attendanceKeys } from '../attendance';
import { intakeKeys } from './keys';

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

/** After punches were imported: the attendance reports read them again. */
export function useReportsChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: attendanceKeys.all });
}

/** Where devices send their punches, as the key dialog tells it. */
export const PUNCHES_PATH = `${API_BASE}/attendance/punches`;

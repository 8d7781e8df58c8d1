import type { CalibrationAccess, CalibrationGrid, CalibrationQuery } from '@hr/contracts/epr-calibration';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session';
import { calibrationKeys } from './keys';

/** How often an open grid reads itself again, so a line manager's change shows without a reload. */
export const CALIBRATION_REFRESH_MS = 30_000;

/**
 * The grid of the caller's scope. Never taken as fresh from the cache: it is
 * read again on focus, every 30 s and on every visit. The page shows its
 * own errors (a caller without the grid gets a page saying so, not a toast).
 */
export function useCalibrationGrid(query: CalibrationQuery) {
  return useQuery({
    queryKey: calibrationKeys.grid(query),
    queryFn: ({ signal }) => api.get<CalibrationGrid>('eprs/calibration', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: CALIBRATION_REFRESH_MS,
    meta: { silent: true },
  });
}

/** Whether the signed-in user may open the grid (HR administrators and O&Os). */
export function useCalibrationAccess() {
  const session = useSession();
  return useQuery({
    queryKey: calibrationKeys.access(session?.token),
    queryFn: () => api.get<CalibrationAccess>('eprs/calibration/access'),
    enabled: Boolean(session),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

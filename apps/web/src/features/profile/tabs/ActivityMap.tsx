import 'leaflet/dist/leaflet.css';
import type { Activity } from '@hr/contracts/employees';
import { Empty } from 'antd';
import type { LatLngBoundsExpression, LatLngTuple } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { formatTimestamp } from '../../../lib/dates';
import { usePublicConfig } from '../../auth';

/** Dhaka, when there is nothing to show. */
const DEFAULT_CENTER: LatLngTuple = [23.8103, 90.4125];

function FitBounds({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refits only when the points change
  useEffect(() => {
    if (points.length === 0) return;
    map.fitBounds(points as LatLngBoundsExpression, { padding: [32, 32], maxZoom: 14 });
  }, [map, key]);
  return null;
}

/**
 * Activities as markers on a map. The tiles come from the configured tile
 * server; without them (offline, blocked) the markers still show on a blank
 * background. Markers are drawn as vectors, so no marker images are needed.
 */
export default function ActivityMap({ activities }: { activities: Activity[] }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const located = activities.filter((a) => a.latitude !== null && a.longitude !== null);
  const points = located.map((a) => [a.latitude!, a.longitude!] as LatLngTuple);

  return (
    // Leaflet lays itself out left to right, also in right-to-left languages.
    <section className="activity-map" dir="ltr" aria-label={t('profile.activity.map')}>
      <MapContainer
        center={points[0] ?? DEFAULT_CENTER}
        zoom={11}
        scrollWheelZoom={false}
        style={{ height: '100%' }}
      >
        {config.data?.tile_url ? (
          <TileLayer
            url={config.data.tile_url}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
          />
        ) : null}
        <FitBounds points={points} />
        {located.map((a) => (
          <CircleMarker
            key={a.id}
            center={[a.latitude!, a.longitude!]}
            radius={7}
            pathOptions={{ color: '#0f766e', fillColor: '#14b8a6', fillOpacity: 0.75, weight: 2 }}
          >
            <Tooltip>
              <strong>{a.type}</strong> · {formatTimestamp(a.created)}
              <br />
              {a.description}
              {a.address ? (
                <>
                  <br />
                  {a.address}
                </>
              ) : null}
            </Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
      {located.length === 0 ? (
        <div className="activity-map__empty">
          <Empty description={t('profile.empty.activities')} />
        </div>
      ) : null}
    </section>
  );
}

import 'leaflet/dist/leaflet.css';
import type { RouteStop } from '@mandira/contract/shipments';
import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { versionQuery } from '../../api/info.ts';
import { DEFAULT_MAP_CENTER } from '../../lib/maps/map-picker.tsx';

const FALLBACK_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const STOP_COLORS: Record<RouteStop['kind'], string> = {
  FROM: '#2f9e44',
  INTERMEDIATE: '#f08c00',
  TO: '#e03131',
};

type Point = [number, number];

type Props = {
  stops: readonly RouteStop[];
  /** The routing service's road, [latitude, longitude]; without it the stops are joined straight. */
  geometry: readonly Point[] | null;
  height?: number;
};

const located = <T extends RouteStop>(stop: T): stop is T & { latitude: number; longitude: number } =>
  stop.latitude !== null && stop.longitude !== null;

/**
 * A shipment's route on a map: the stops numbered in driving order (green origin, orange stops, red
 * destination) and the road between them when the routing service drew one, else straight dashes.
 * Loaded on demand: the list does not pay for Leaflet until a route is opened.
 */
export default function RouteMap({ stops, geometry, height = 420 }: Props) {
  const { data: info } = useQuery({ ...versionQuery, staleTime: Number.POSITIVE_INFINITY });
  // Without tiles the stops and the line still show, on grey: say why the ground is missing.
  const [tilesFailed, setTilesFailed] = useState(false);
  // Numbered before the unlocated are dropped, so a marker keeps the number the stop list shows.
  const points = useMemo(
    () => stops.map((stop, index) => ({ ...stop, position: index + 1 })).filter(located),
    [stops],
  );
  const line = useMemo<Point[]>(
    () => (geometry?.length ? [...geometry] : points.map((stop) => [stop.latitude, stop.longitude])),
    [geometry, points],
  );
  const center: Point = points[0]
    ? [points[0].latitude, points[0].longitude]
    : [DEFAULT_MAP_CENTER.latitude, DEFAULT_MAP_CENTER.longitude];

  return (
    <Box
      data-testid="route-map"
      pos="relative"
      style={{ height, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      {tilesFailed && (
        <Text
          fz="xs"
          c="dimmed"
          bg="white"
          px={6}
          pos="absolute"
          top={8}
          right={8}
          style={{ zIndex: 1000, borderRadius: 4 }}
        >
          Harita altlığı yüklenemedi; duraklar ve rota yine de gösteriliyor.
        </Text>
      )}
      <MapContainer center={center} zoom={7} style={{ height: '100%', width: '100%' }}>
        <TileLayer
          url={info?.mapTileUrl ?? FALLBACK_TILE_URL}
          attribution="&copy; OpenStreetMap katkıda bulunanlar"
          eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
        />
        {line.length > 1 && (
          <Polyline
            positions={line}
            pathOptions={{
              color: '#1c7ed6',
              weight: 4,
              opacity: 0.8,
              dashArray: geometry?.length ? undefined : '8 8',
            }}
          />
        )}
        {points.map((stop) => (
          <CircleMarker
            key={stop.position}
            center={[stop.latitude, stop.longitude]}
            radius={10}
            pathOptions={{ color: '#fff', weight: 2, fillColor: STOP_COLORS[stop.kind], fillOpacity: 1 }}
          >
            <Tooltip permanent direction="right" offset={[12, 0]}>
              {stop.position}. {stop.title}
            </Tooltip>
          </CircleMarker>
        ))}
        <FitTo points={line} />
      </MapContainer>
    </Box>
  );
}

/** Shows the whole route, and measures again once the opening modal has its size. */
function FitTo({ points }: { points: readonly Point[] }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => {
      map.invalidateSize();
      // Room on the right for the stops' labels, which sit beside their markers.
      if (points.length > 1) {
        map.fitBounds(latLngBounds([...points]), { paddingTopLeft: [40, 40], paddingBottomRight: [220, 40] });
      } else if (points[0]) map.setView(points[0], 10);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, points]);
  return null;
}

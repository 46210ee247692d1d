import 'leaflet/dist/leaflet.css';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { versionQuery } from '../../api/info.ts';
import { NumberField } from '../forms/number-field.tsx';

export type LatLng = { latitude: number; longitude: number };

/** The own-warehouse map opens on Ankara at zoom 10. */
export const DEFAULT_MAP_CENTER: LatLng = { latitude: 39.925533, longitude: 32.866287 };
export const DEFAULT_MAP_ZOOM = 10;
const FALLBACK_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

type Props = {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  /** Pixels; the own-warehouse picker is 400 high. */
  height?: number;
  zoom?: number;
  /** Where the map opens when no point is chosen yet. */
  center?: LatLng;
  label?: string;
  /** The form's messages for a typed coordinate it refuses. */
  errors?: { latitude?: string | undefined; longitude?: string | undefined };
};

/**
 * A point on a map: a click places the marker, and the coordinates can be typed too, so the picker
 * works where the tile server cannot be reached.
 */
export function MapPicker({
  value,
  onChange,
  height = 400,
  zoom = DEFAULT_MAP_ZOOM,
  center = DEFAULT_MAP_CENTER,
  label = 'Konum',
  errors,
}: Props) {
  const { data: info } = useQuery({ ...versionQuery, staleTime: Number.POSITIVE_INFINITY });
  // Tiles that do not arrive leave a grey box: say so, and point to the coordinate fields.
  const [tilesFailed, setTilesFailed] = useState(false);
  const start = value && isOnMap(value) ? value : center;
  const shown = value && isOnMap(value) ? value : null;
  // A typed coordinate goes to the form as it reads, even out of range or unreadable (NaN), so the
  // form's schema refuses what the user sees instead of keeping an older point; the map ignores it.
  const coordinate = (field: keyof LatLng, label: string, example: string) => (
    <NumberField
      label={label}
      placeholder={example}
      decimals={6}
      grouping={false}
      value={value?.[field]}
      error={errors?.[field]}
      onChange={(number) => onChange({ ...(value ?? center), [field]: number ?? Number.NaN })}
    />
  );

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Box
        data-testid="map-picker"
        pos="relative"
        style={{ height, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      >
        {tilesFailed && <MapUnavailable />}
        <MapContainer
          center={[start.latitude, start.longitude]}
          zoom={zoom}
          style={{ height: '100%', width: '100%' }}
          attributionControl
        >
          <TileLayer
            url={info?.mapTileUrl ?? FALLBACK_TILE_URL}
            attribution="&copy; OpenStreetMap katkıda bulunanlar"
            eventHandlers={{
              tileerror: () => setTilesFailed(true),
              tileload: () => setTilesFailed(false),
            }}
          />
          <ClickToPick onPick={onChange} />
          <FollowValue value={shown} />
          <SizeToContainer />
          {shown && (
            <CircleMarker
              center={[shown.latitude, shown.longitude]}
              radius={9}
              pathOptions={{ color: '#1c7ed6', fillColor: '#339af0', fillOpacity: 0.9, weight: 3 }}
            />
          )}
        </MapContainer>
      </Box>
      <Group grow>
        {coordinate('latitude', 'Enlem', '39,925533')}
        {coordinate('longitude', 'Boylam', '32,866287')}
      </Group>
    </Stack>
  );
}

/** Over the grey map's top edge (the marker sits in the middle), above Leaflet's panes; clicks pass through. */
function MapUnavailable() {
  return (
    <Paper
      role="status"
      data-testid="map-unavailable"
      shadow="sm"
      withBorder
      p="sm"
      pos="absolute"
      top={12}
      left="50%"
      maw="70%"
      style={{ zIndex: 1000, transform: 'translateX(-50%)', pointerEvents: 'none' }}
    >
      <Text fz="sm" fw={600} ta="center">
        Harita yüklenemedi.
      </Text>
      <Text fz="sm" c="dimmed" ta="center">
        Konumu aşağıya enlem ve boylam olarak yazabilirsiniz.
      </Text>
    </Paper>
  );
}

function ClickToPick({ onPick }: { onPick: (value: LatLng) => void }) {
  useMapEvents({
    click(event) {
      onPick({ latitude: round6(event.latlng.lat), longitude: round6(event.latlng.lng) });
    },
  });
  return null;
}

/** Typed coordinates move the map to the marker. */
function FollowValue({ value }: { value: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (value && !map.getBounds().contains([value.latitude, value.longitude])) {
      map.panTo([value.latitude, value.longitude]);
    }
  }, [map, value]);
  return null;
}

/** A map created inside an opening modal measures a zero size; measure again when the box settles. */
function SizeToContainer() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Whether a point can be shown: two readable coordinates within the globe's ranges. */
function isOnMap(point: LatLng): boolean {
  return Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

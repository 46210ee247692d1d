import type { City } from '@mandira/contract/shipments';

/**
 * The 81 provinces of Türkiye by licence-plate code, with the coordinates of each provincial centre
 * (degrees, WGS 84). Served by `GET /shipments/cities` and used to name a destination's province.
 */
const PROVINCES: readonly [number, string, number, number][] = [
  [1, 'Adana', 37.0, 35.3213],
  [2, 'Adıyaman', 37.7648, 38.2786],
  [3, 'Afyonkarahisar', 38.7507, 30.5567],
  [4, 'Ağrı', 39.7191, 43.0503],
  [5, 'Amasya', 40.6499, 35.8353],
  [6, 'Ankara', 39.9334, 32.8597],
  [7, 'Antalya', 36.8969, 30.7133],
  [8, 'Artvin', 41.1828, 41.8183],
  [9, 'Aydın', 37.856, 27.8416],
  [10, 'Balıkesir', 39.6484, 27.8826],
  [11, 'Bilecik', 40.1506, 29.9792],
  [12, 'Bingöl', 38.8854, 40.498],
  [13, 'Bitlis', 38.4006, 42.1095],
  [14, 'Bolu', 40.7395, 31.6116],
  [15, 'Burdur', 37.7203, 30.2908],
  [16, 'Bursa', 40.1885, 29.061],
  [17, 'Çanakkale', 40.1553, 26.4142],
  [18, 'Çankırı', 40.6013, 33.6134],
  [19, 'Çorum', 40.5506, 34.9556],
  [20, 'Denizli', 37.7765, 29.0864],
  [21, 'Diyarbakır', 37.9144, 40.2306],
  [22, 'Edirne', 41.6818, 26.5623],
  [23, 'Elazığ', 38.681, 39.2264],
  [24, 'Erzincan', 39.75, 39.5],
  [25, 'Erzurum', 39.9, 41.27],
  [26, 'Eskişehir', 39.7767, 30.5206],
  [27, 'Gaziantep', 37.0662, 37.3833],
  [28, 'Giresun', 40.9128, 38.3895],
  [29, 'Gümüşhane', 40.4386, 39.5086],
  [30, 'Hakkari', 37.5833, 43.7333],
  [31, 'Hatay', 36.4018, 36.3498],
  [32, 'Isparta', 37.7648, 30.5566],
  [33, 'Mersin', 36.8, 34.6333],
  [34, 'İstanbul', 41.0082, 28.9784],
  [35, 'İzmir', 38.4237, 27.1428],
  [36, 'Kars', 40.6167, 43.1],
  [37, 'Kastamonu', 41.3887, 33.7827],
  [38, 'Kayseri', 38.7312, 35.4787],
  [39, 'Kırklareli', 41.7333, 27.2167],
  [40, 'Kırşehir', 39.1425, 34.1709],
  [41, 'Kocaeli', 40.8533, 29.8815],
  [42, 'Konya', 37.8667, 32.4833],
  [43, 'Kütahya', 39.4167, 29.9833],
  [44, 'Malatya', 38.3552, 38.3095],
  [45, 'Manisa', 38.6191, 27.4289],
  [46, 'Kahramanmaraş', 37.5858, 36.9371],
  [47, 'Mardin', 37.3212, 40.7245],
  [48, 'Muğla', 37.2153, 28.3636],
  [49, 'Muş', 38.9462, 41.7539],
  [50, 'Nevşehir', 38.6939, 34.6857],
  [51, 'Niğde', 37.9667, 34.6833],
  [52, 'Ordu', 40.9839, 37.8764],
  [53, 'Rize', 41.0201, 40.5234],
  [54, 'Sakarya', 40.694, 30.4358],
  [55, 'Samsun', 41.2928, 36.3313],
  [56, 'Siirt', 37.9333, 41.95],
  [57, 'Sinop', 42.0231, 35.1531],
  [58, 'Sivas', 39.7477, 37.0179],
  [59, 'Tekirdağ', 40.9833, 27.5167],
  [60, 'Tokat', 40.3167, 36.55],
  [61, 'Trabzon', 41.0015, 39.7178],
  [62, 'Tunceli', 39.1079, 39.5401],
  [63, 'Şanlıurfa', 37.1591, 38.7969],
  [64, 'Uşak', 38.6823, 29.4082],
  [65, 'Van', 38.4891, 43.4089],
  [66, 'Yozgat', 39.8181, 34.8147],
  [67, 'Zonguldak', 41.4564, 31.7987],
  [68, 'Aksaray', 38.3687, 34.037],
  [69, 'Bayburt', 40.2552, 40.2249],
  [70, 'Karaman', 37.1759, 33.2287],
  [71, 'Kırıkkale', 39.8468, 33.5153],
  [72, 'Batman', 37.8812, 41.1351],
  [73, 'Şırnak', 37.4187, 42.4918],
  [74, 'Bartın', 41.6344, 32.3375],
  [75, 'Ardahan', 41.1105, 42.7022],
  [76, 'Iğdır', 39.888, 44.0048],
  [77, 'Yalova', 40.65, 29.2667],
  [78, 'Karabük', 41.2061, 32.6204],
  [79, 'Kilis', 36.7184, 37.1212],
  [80, 'Osmaniye', 37.0742, 36.2478],
  [81, 'Düzce', 40.8438, 31.1565],
];

export const CITIES: readonly City[] = PROVINCES.map(([plateCode, name, latitude, longitude]) => ({
  plateCode,
  name,
  latitude,
  longitude,
}));

/**
 * The province whose centre is nearest to a point: good enough to file a delivery point under its
 * province for the list's city filter (a border town may land in its neighbour).
 */
export function nearestCity(latitude: number | null, longitude: number | null): City | null {
  if (latitude === null || longitude === null) return null;
  const key = `${latitude},${longitude}`;
  const known = nearestByPoint.get(key);
  if (known !== undefined) return known;
  // The points are the depots' (few, fixed): bounded all the same, a full memo starts again.
  if (nearestByPoint.size >= NEAREST_MEMO_SIZE) nearestByPoint.clear();
  const city = searchNearestCity(latitude, longitude);
  nearestByPoint.set(key, city);
  return city;
}

/** Each depot's city, once: a shipment list and a city filter ask it for every row. */
const nearestByPoint = new Map<string, City | null>();
const NEAREST_MEMO_SIZE = 10_000;

function searchNearestCity(latitude: number, longitude: number): City | null {
  let best: City | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const city of CITIES) {
    const distance = greatCircleMeters({ latitude, longitude }, city);
    if (distance < bestDistance) {
      best = city;
      bestDistance = distance;
    }
  }
  return best;
}

type Point = { latitude: number; longitude: number };
const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in metres. */
export function greatCircleMeters(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

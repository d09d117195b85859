import { createRequire } from 'node:module';

/*
 * ZIP code centroids and great-circle distance for the radius search (docs/decisions/
 * 023-radius-search-and-37-filters.md). The centroids come from the `zipcodes` package (US
 * ZIPs with latitude, longitude, city and state, offline); the server reads them, the web
 * bundle never does. ZIPs are 5-digit numbers here (00501 is 501), which index typed arrays.
 */

/** Mean radius of the Earth in miles (the IUGG mean radius, 6,371.0 km). */
export const EARTH_RADIUS_MILES = 3958.8;
/** Every 5-digit ZIP number is below this: the size of per-ZIP tables. */
export const ZIP_SPACE = 100_000;

const RAD = Math.PI / 180;

/** Great-circle distance in miles (haversine, R = 3958.8 mi) between two points in degrees. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s = Math.sin(dLat / 2);
  const t = Math.sin(dLon / 2);
  const a = s * s + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * t * t;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string };

export type ZipTable = {
  /** Per ZIP number: latitude and longitude in degrees (NaN for ZIPs the package lacks). */
  lat: Float64Array;
  lon: Float64Array;
  /** The ZIP numbers the package has, ascending. */
  zips: Int32Array;
  /** 'CITY KEY|ST' (cityKey) -> that city's ZIPs, ascending. */
  byCity: Map<string, string[]>;
};

let table: ZipTable | null = null;

/** The centroid table, read once from the package on first use (about 42,000 US ZIPs). */
export function zipTable(): ZipTable {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> };
  const lat = new Float64Array(ZIP_SPACE).fill(NaN);
  const lon = new Float64Array(ZIP_SPACE).fill(NaN);
  const byCity = new Map<string, string[]>();
  const zips: number[] = [];
  for (const record of Object.values(codes)) {
    if (
      !/^\d{5}$/.test(record.zip) ||
      !Number.isFinite(record.latitude) ||
      !Number.isFinite(record.longitude)
    )
      continue;
    const n = Number(record.zip);
    lat[n] = record.latitude;
    lon[n] = record.longitude;
    zips.push(n);
    const key = cityKey(record.city, record.state);
    const list = byCity.get(key);
    if (list) list.push(record.zip);
    else byCity.set(key, [record.zip]);
  }
  for (const list of byCity.values()) list.sort();
  table = { lat, lon, zips: Int32Array.from(zips.sort((a, b) => a - b)), byCity };
  return table;
}

/**
 * A city's lookup key: upper case, 'St.'/'St ' spelled 'Saint', anything but letters a space
 * ("Coeur d'Alene" is the package's 'Coeur D Alene', 'Winston-Salem' its 'Winston Salem').
 */
export function cityKey(city: string, state: string): string {
  const name = city
    .trim()
    .toUpperCase()
    .replace(/^(ST|STE)\.?\s+/, (_m, p: string) => (p === 'ST' ? 'SAINT ' : 'SAINTE '))
    .replace(/\bFT\.?\s+/, 'FORT ')
    .replace(/\bMT\.?\s+/, 'MOUNT ')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
  return `${name}|${state.trim().toUpperCase()}`;
}

// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u001c-\u001f]/g;

/**
 * The 5-digit ZIP number of a stored ZIP (its first five characters once trimmed, the index's
 * separator characters counting as spaces), or -1.
 */
export function zipNumber(value: string | null | undefined): number {
  if (!value) return -1;
  const five = value.replace(SEPARATORS, ' ').trim().slice(0, 5);
  return /^\d{5}$/.test(five) ? Number(five) : -1;
}

/** A city's ZIPs in the package (ascending), or [] when it has none. */
export function zipsOfCity(city: string, state: string): string[] {
  return zipTable().byCity.get(cityKey(city, state)) ?? [];
}

export type GeoPoint = { lat: number; lon: number };

/**
 * The centre of a 'near' value: a ZIP ('77030', or ZIP+4) is its centroid; 'City, ST' (or
 * 'City, State name') the mean of the city's ZIP centroids. Null when the package does not
 * know it. `stateCode` turns a state name into its code.
 */
export function resolveNear(value: string, stateCode: (state: string) => string): GeoPoint | null {
  const text = value.trim();
  const { lat, lon } = zipTable();
  if (/^\d{5}(-?\d{4})?$/.test(text)) {
    const n = Number(text.slice(0, 5));
    return Number.isNaN(lat[n]) ? null : { lat: lat[n], lon: lon[n] };
  }
  const comma = text.lastIndexOf(',');
  if (comma === -1) return null;
  const city = text.slice(0, comma).trim();
  const state = stateCode(text.slice(comma + 1).trim());
  if (!city || !state) return null;
  const zips = zipsOfCity(city, state);
  if (zips.length === 0) return null;
  let sumLat = 0;
  let sumLon = 0;
  for (const zip of zips) {
    sumLat += lat[Number(zip)];
    sumLon += lon[Number(zip)];
  }
  return { lat: sumLat / zips.length, lon: sumLon / zips.length };
}

/**
 * A box holding every point within `miles` of the centre (degrees), a cheap pre-check before
 * the exact distance. Latitude: miles / 69.05 (one degree is at most 69.05 miles along a
 * meridian, with a margin); longitude: widened by the cosine of the box's latitude nearest a
 * pole (every longitude when that reaches a pole).
 */
export function boundingBox(centre: GeoPoint, miles: number) {
  const dLat = (miles / (EARTH_RADIUS_MILES * RAD)) * 1.01;
  const minLat = centre.lat - dLat;
  const maxLat = centre.lat + dLat;
  const polar = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (polar >= 89) return { minLat, maxLat, minLon: -Infinity, maxLon: Infinity, wraps: false };
  const dLon = dLat / Math.cos(polar * RAD);
  const minLon = centre.lon - dLon;
  const maxLon = centre.lon + dLon;
  return { minLat, maxLat, minLon, maxLon, wraps: minLon < -180 || maxLon > 180 };
}

/** The ZIPs inside the bounding box of a radius, with their centroids (the reference SQL's input). */
export function zipsInBox(centre: GeoPoint, miles: number): { zips: string[]; lat: number[]; lon: number[] } {
  const { lat, lon, zips } = zipTable();
  const box = boundingBox(centre, miles);
  const out = { zips: [] as string[], lat: [] as number[], lon: [] as number[] };
  for (let k = 0; k < zips.length; k++) {
    const z = zips[k];
    if (lat[z] < box.minLat || lat[z] > box.maxLat) continue;
    if (!box.wraps && (lon[z] < box.minLon || lon[z] > box.maxLon)) continue;
    out.zips.push(String(z).padStart(5, '0'));
    out.lat.push(lat[z]);
    out.lon.push(lon[z]);
  }
  return out;
}

/**
 * Per ZIP number: 1 when the ZIP's centroid is within `miles` of the centre (exact haversine,
 * after the bounding box), with the distance kept in `distance` for those ZIPs.
 */
export function zipsWithin(
  centre: GeoPoint,
  miles: number,
): { mask: Uint8Array; distance: Float64Array; zips: Int32Array } {
  const { lat, lon, zips } = zipTable();
  const box = boundingBox(centre, miles);
  const mask = new Uint8Array(ZIP_SPACE);
  const distance = new Float64Array(ZIP_SPACE).fill(NaN);
  const inside: number[] = [];
  for (let k = 0; k < zips.length; k++) {
    const z = zips[k];
    const la = lat[z];
    const lo = lon[z];
    if (la < box.minLat || la > box.maxLat) continue;
    if (!box.wraps && (lo < box.minLon || lo > box.maxLon)) continue;
    const d = haversineMiles(centre.lat, centre.lon, la, lo);
    if (d <= miles) {
      mask[z] = 1;
      distance[z] = d;
      inside.push(z);
    }
  }
  return { mask, distance, zips: Int32Array.from(inside) };
}

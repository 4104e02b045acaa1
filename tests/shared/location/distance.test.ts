import { describe, expect, test } from 'vitest';
import { formatDistance, haversineMeters, osmUrl } from '../../../shared/location/distance';

describe('distance to the client’s place', () => {
  test('one degree of latitude is ~111 km; a thousandth of a degree ~111 m; the same place 0', () => {
    const door = { lat: 19.0432, lon: -98.1981 };
    expect(haversineMeters(door, door)).toBe(0);
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
    expect(haversineMeters(door, { ...door, lat: door.lat + 0.001 })).toBeCloseTo(111.2, 0);
    // Puebla's zócalo to San Pedro Cholula's: about 11 km, whichever way it is measured.
    const puebla = { lat: 19.0433, lon: -98.1981 };
    const cholula = { lat: 19.0631, lon: -98.3031 };
    expect(haversineMeters(puebla, cholula)).toBeCloseTo(haversineMeters(cholula, puebla), 6);
    expect(haversineMeters(puebla, cholula) / 1000).toBeCloseTo(11.2, 0);
  });

  test('the map link marks the place on OpenStreetMap at street zoom', () => {
    expect(osmUrl({ lat: 19.0432, lon: -98.1981 })).toBe(
      'https://www.openstreetmap.org/?mlat=19.043200&mlon=-98.198100#map=18/19.043200/-98.198100',
    );
  });

  test('metres up to a kilometre, then kilometres', () => {
    expect(formatDistance(38.4)).toBe('38 m');
    expect(formatDistance(1234)).toBe('1.2 km');
  });
});

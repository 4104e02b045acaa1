// The phone's latest position while Cobranza is open and the account records locations (decision 029). A tap
// never waits for the GPS: it takes what this watch already holds, synchronously, or says why there is none.
// Positions are kept in a plain object, not React state: a GPS update repaints nothing but the status line,
// and only when what it says changes.
import * as v from 'valibot';
import { geoFixSchema } from '../../../shared/location/schemas';
import {
  FRESH_FIX_MS,
  type GeoFix,
  type MotivoSinUbicacion,
  type RecordedLocation,
} from '../../../shared/location/types';

/** What the status line under Cobranza's header says. */
export type WatchStatus =
  | { kind: 'apagada' }
  | { kind: 'buscando' }
  | { kind: 'lista'; precision: number }
  | { kind: 'vieja' }
  | { kind: 'denegada' }
  | { kind: 'no_disponible' };

/** A position the tap may still take: kept with the instant the phone took it (ms). */
interface HeldFix {
  fix: GeoFix;
  at: number;
}

const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };
/** A phone standing still may send no new position: past this age the watch asks for one. */
const REFRESH_AFTER_MS = 30_000;

const PERMISSION_DENIED = 1;

const fixOf = (p: GeolocationPosition): HeldFix => ({
  // Six decimals are ~0.1 m: more is the phone's noise, not the door.
  fix: {
    lat: Math.round(p.coords.latitude * 1e6) / 1e6,
    lon: Math.round(p.coords.longitude * 1e6) / 1e6,
    precision: Math.round(p.coords.accuracy),
    tomada: new Date(p.timestamp).toISOString(),
  },
  at: p.timestamp,
});

const sameStatus = (a: WatchStatus, b: WatchStatus) =>
  a.kind === b.kind && (a.kind !== 'lista' || a.precision === (b as { precision: number }).precision);

export class PositionWatch {
  private held: HeldFix | null = null;
  private denied = false;
  private failed = false;
  private watchId: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private users = 0;
  private snapshot: WatchStatus = { kind: 'apagada' };
  private readonly listeners = new Set<() => void>();
  private permission: PermissionStatus | null = null;

  constructor(
    private readonly geo: Geolocation | undefined = typeof navigator === 'undefined'
      ? undefined
      : navigator.geolocation,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  status = (): WatchStatus => this.snapshot;

  /** Starts watching (once for every caller); the returned function stops this caller's watch. */
  start(): () => void {
    this.users += 1;
    if (this.users === 1) this.begin();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.users -= 1;
      if (this.users === 0) this.end();
    };
  }

  /** What a tap records now: a fresh position, or why there is none. Never waits. */
  current(): RecordedLocation {
    const reason = this.missing();
    return reason === null ? this.held!.fix : { sin: reason };
  }

  /**
   * A position for 'Guardar ubicación', where the collector asked for it and can wait a moment: the watch's if
   * younger than `maxAgeMs`, else the phone is asked for one (up to `timeoutMs`).
   */
  fresh(maxAgeMs = REFRESH_AFTER_MS, timeoutMs = 15_000): Promise<GeoFix | 'denegada' | 'no_disponible'> {
    if (this.held && this.now() - this.held.at <= maxAgeMs) return Promise.resolve(this.held.fix);
    const geo = this.geo;
    if (!geo) return Promise.resolve('no_disponible');
    return new Promise((resolve) => {
      geo.getCurrentPosition(
        (p) => resolve(this.take(p) ? this.held!.fix : 'no_disponible'),
        (e) => {
          this.fail(e);
          resolve(e.code === PERMISSION_DENIED ? 'denegada' : 'no_disponible');
        },
        { enableHighAccuracy: true, maximumAge: maxAgeMs, timeout: timeoutMs },
      );
    });
  }

  private missing(): MotivoSinUbicacion | null {
    if (this.held && this.now() - this.held.at <= FRESH_FIX_MS) return null;
    if (this.denied) return 'denegada';
    return this.held ? 'vieja' : 'no_disponible';
  }

  private begin() {
    const geo = this.geo;
    if (!geo) {
      this.failed = true;
      this.publish();
      return;
    }
    this.watchId = geo.watchPosition(
      (p) => this.take(p),
      (e) => this.fail(e),
      WATCH_OPTIONS,
    );
    this.timer = setInterval(() => {
      if (!this.held || this.now() - this.held.at > REFRESH_AFTER_MS)
        geo.getCurrentPosition(
          (p) => this.take(p),
          () => this.publish(),
          { ...WATCH_OPTIONS, maximumAge: 0 },
        );
      // A position growing old changes the line without any event.
      this.publish();
    }, REFRESH_AFTER_MS);
    // Allowed again in the phone's settings after a refusal: the refused watch is dead, a new one starts.
    const permissions = typeof navigator === 'undefined' ? undefined : navigator.permissions;
    void permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (this.users === 0) return;
        this.permission = permission;
        permission.onchange = () => {
          if (permission.state !== 'granted' || this.users === 0) return;
          this.denied = false;
          if (this.watchId !== null) geo.clearWatch(this.watchId);
          this.watchId = geo.watchPosition(
            (p) => this.take(p),
            (e) => this.fail(e),
            WATCH_OPTIONS,
          );
        };
      })
      .catch(() => {});
    this.publish();
  }

  private end() {
    if (this.watchId !== null) this.geo?.clearWatch(this.watchId);
    if (this.timer !== null) clearInterval(this.timer);
    if (this.permission) this.permission.onchange = null;
    this.watchId = null;
    this.timer = null;
    this.permission = null;
    this.publish();
  }

  /**
   * Holds a position the server's schema accepts (a network guess of a whole region, or a phone whose clock is
   * years off, is no place: the tap would be refused with it, so it goes without one). True when held.
   */
  private take(p: GeolocationPosition): boolean {
    const next = fixOf(p);
    const usable = v.is(geoFixSchema, next.fix);
    if (usable) this.held = next;
    this.denied = false;
    this.failed = !usable;
    this.publish();
    return usable;
  }

  private fail(e: GeolocationPositionError) {
    if (e.code === PERMISSION_DENIED) this.denied = true;
    else this.failed = true;
    this.publish();
  }

  private publish() {
    const next = this.computeStatus();
    if (sameStatus(next, this.snapshot)) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private computeStatus(): WatchStatus {
    if (this.users === 0) return { kind: 'apagada' };
    const reason = this.missing();
    if (reason === null) return { kind: 'lista', precision: this.held!.fix.precision };
    if (reason === 'no_disponible' && !this.failed) return { kind: 'buscando' };
    return { kind: reason };
  }
}

/** The one watch of the page: Cobranza's status line and its taps share it. */
export const positionWatch = new PositionWatch();

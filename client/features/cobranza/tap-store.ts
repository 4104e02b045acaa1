// What a tap changed on one card, held outside React's page state so the tap repaints only that card and the
// totals bar in the frame of the tap (16 ms at most), not the whole page. An override stands while the
// live read still shows the card as it was when tapped; once the read shows the write (or anything newer),
// the read wins and the override is dropped.
import type { Amortization } from '../../../shared/loans/types';
import type { DevicePayment } from '../../store/device-payments';
import { type CardModel, sameCard, type VisitMark } from './cobranza-model';

export interface TapOverride {
  /** The card as the read showed it when tapped. */
  base: CardModel;
  /** The card as the tap leaves it. */
  card: CardModel;
  /** The rows, payments and visit the tap leaves, for a second tap before the read catches up. */
  rows?: readonly Amortization[];
  payments?: readonly DevicePayment[];
  visit?: VisitMark;
}

export class TapStore {
  private readonly overrides = new Map<number, TapOverride>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get = (loanId: number): TapOverride | undefined => this.overrides.get(loanId);

  /** Changes whenever any override does (the totals bar's snapshot). */
  getVersion = () => this.version;

  all = (): ReadonlyMap<number, TapOverride> => this.overrides;

  set(loanId: number, override: TapOverride): void {
    this.overrides.set(loanId, override);
    this.emit();
  }

  delete(loanId: number): void {
    if (this.overrides.delete(loanId)) this.emit();
  }

  /** Drops the overrides whose card the read has changed since the tap. */
  prune(current: (loanId: number) => CardModel | undefined): void {
    let changed = false;
    for (const [loanId, override] of this.overrides) {
      const card = current(loanId);
      if (!card || !sameCard(card, override.base)) {
        this.overrides.delete(loanId);
        changed = true;
      }
    }
    if (changed) this.emit();
  }

  private emit() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/** The card to show: the tap's while the read still shows the card as it was. */
export const shownCard = (card: CardModel, override: TapOverride | undefined): CardModel =>
  override && sameCard(override.base, card) ? override.card : card;

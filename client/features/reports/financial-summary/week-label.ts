import { formatDate, type IsoDate } from '../../../../shared/dates';

/** '07/09/2026 al 13/09/2026' */
export const weekLabel = (desde: IsoDate, hasta: IsoDate) => `${formatDate(desde)} al ${formatDate(hasta)}`;

/** '07/09' for a chart axis, where the year only crowds. */
export const shortDate = (date: IsoDate) => formatDate(date).slice(0, 5);

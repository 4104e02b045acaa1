// Where a payment or visit happened, as the office reads it (decision 029): the distance to the client's saved
// place, the accuracy and a link that opens the map; or why there is no location.
import { Link, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/dates';
import { osmUrl } from '../../../shared/location/distance';
import { SIN_UBICACION_TEXTO } from '../../../shared/location/messages';
import { type ClientPlace, isFix, type PlaceView } from '../../../shared/location/types';
import { locationTexts as t } from './location-texts';

function MapLink({ at, label }: { at: { lat: number; lon: number }; label: string }) {
  return (
    <Link
      href={osmUrl(at)}
      target="_blank"
      rel="noopener noreferrer"
      color="teal.700"
      textDecoration="underline"
      aria-label={label}
      data-testid="ubicacion-mapa"
    >
      {t.verMapa}
    </Link>
  );
}

/** One payment's or visit's place, on one line that wraps; `what` names it in the map link ('el pago R-3F9A-12C7'). */
export function PlaceText({ place, what }: { place: PlaceView | null | undefined; what: string }) {
  if (!place) return <Text as="span">—</Text>;
  if (!isFix(place))
    return (
      <Text as="span" color="fg.muted" data-testid="sin-ubicacion">
        {SIN_UBICACION_TEXTO[place.sin]}
      </Text>
    );
  return (
    <Text as="span" data-testid="ubicacion">
      <Text as="span" whiteSpace="nowrap">
        {place.distancia === null ? t.sinLugarCliente : t.delCliente(place.distancia)}
      </Text>{' '}
      ·{' '}
      <Text as="span" color="fg.muted" whiteSpace="nowrap">
        {t.precision(place.precision)}
      </Text>{' '}
      · <MapLink at={place} label={t.verMapaDe(what)} />
    </Text>
  );
}

/** The client's saved place over the loan's history: when, by whom, and the map. */
export function ClientPlaceLine({ place }: { place: ClientPlace | null }) {
  if (!place)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="lugar-cliente">
        {t.sinLugar}
      </Text>
    );
  return (
    <Text fontSize="sm" data-testid="lugar-cliente">
      <Text as="span" fontWeight="semibold">
        {t.lugarCliente}:
      </Text>{' '}
      {t.lugarGuardado(formatDateTime(place.guardada), place.user_name)} · {t.precision(place.precision)} ·{' '}
      <MapLink at={place} label={t.verMapaDe('la ubicación del cliente')} />
    </Text>
  );
}

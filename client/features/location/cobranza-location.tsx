// Cobranza with the account recording locations (decision 029): the reason, once per collector on this phone,
// before the browser asks for the permission; then a status line that says whether taps are being located.
// Also 'Guardar ubicación', the card's button.
import { Alert, Button, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { CardModel } from '../cobranza/cobranza-model';
import { locationTexts as t } from './location-texts';
import { positionWatch, type WatchStatus } from './position-watch';

const noticeKey = (userId: number) => `prestamos-ubicacion-aviso-u${userId}`;

function noticeSeen(userId: number): boolean {
  try {
    return localStorage.getItem(noticeKey(userId)) === '1';
  } catch {
    return false;
  }
}

const statusText = (s: WatchStatus) => (s.kind === 'lista' ? t.estado.lista(s.precision) : t.estado[s.kind]);

/** The status line alone: a GPS update repaints it, never the page or a card. */
function LocationStatus() {
  const status = useSyncExternalStore(positionWatch.subscribe, positionWatch.status);
  const warn = status.kind === 'denegada' || status.kind === 'no_disponible' || status.kind === 'vieja';
  return (
    <Text
      fontSize="sm"
      color={warn ? 'fg.warning' : 'fg.muted'}
      data-testid="ubicacion-estado"
      data-estado={status.kind}
      role="status"
    >
      {statusText(status)}
    </Text>
  );
}

/** Under Cobranza's header when the account records locations: the reason the first time, then the status. */
export function CobranzaLocation({ userId }: { userId: number }) {
  const [seen, setSeen] = useState(() => noticeSeen(userId));
  // The watch (and with it the browser's permission request) starts only once the collector has read why.
  useEffect(() => (seen ? positionWatch.start() : undefined), [seen]);
  const acknowledge = useCallback(() => {
    try {
      localStorage.setItem(noticeKey(userId), '1');
    } catch {
      // Without storage the reason shows again next time: better than never asking.
    }
    setSeen(true);
  }, [userId]);
  if (seen) return <LocationStatus />;
  return (
    <Alert.Root status="info" borderRadius="md" data-testid="ubicacion-aviso">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{t.avisoTitulo}</Alert.Title>
        <Alert.Description>{t.aviso}</Alert.Description>
        <Button size="lg" colorPalette="teal" alignSelf="flex-start" onClick={acknowledge}>
          {t.entendido}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** 'Guardar ubicación' on a card: memoised on stable props, so a tap on the card never repaints it. */
export const SaveLocationButton = memo(function SaveLocationButton({
  current,
  onSave,
  clientName,
}: {
  current: { readonly current: CardModel };
  onSave: (card: CardModel) => void;
  clientName: string;
}) {
  return (
    <Button
      size="lg"
      variant="ghost"
      colorPalette="teal"
      onClick={() => onSave(current.current)}
      aria-label={t.guardarUbicacionDe(clientName)}
      data-testid="cobranza-guardar-ubicacion"
    >
      {t.guardarUbicacion}
    </Button>
  );
});

import { Badge, Heading, List, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import { MOTIVO_VISITA_TEXTO } from '../../../shared/visits/types';
import { locationTexts } from '../location/location-texts';
import { PlaceText } from '../location/place-text';
import { useLoanVisits, type VisitView } from './use-loan-visits';

export function visitLine(v: VisitView): string {
  const promise = v.fecha_promesa ? ` · promete pagar el ${formatDate(v.fecha_promesa)}` : '';
  const who = v.user_name ? ` · ${v.user_name}` : '';
  const note = v.nota ? ` · "${v.nota}"` : '';
  return `${formatDate(v.fecha)} · ${MOTIVO_VISITA_TEXTO[v.motivo]}${promise}${who}${note}`;
}

/** 'Visitas sin pago' in the loan detail (nothing when there are none). */
export function LoanVisits({ loanId, source }: { loanId: number; source: 'device' | 'server' }) {
  const visits = useLoanVisits(loanId, source);
  if (visits.length === 0) return null;
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '4' }}
      bg="bg"
      data-testid="loan-visits"
    >
      <Heading as="h3" size="sm">
        Visitas sin pago
      </Heading>
      <List.Root gap="1" ps="4">
        {visits.map((v) => (
          <List.Item key={v.key}>
            <Text as="span">{visitLine(v)}</Text>{' '}
            {v.pending && (
              <Badge colorPalette="yellow" variant="subtle">
                Por sincronizar
              </Badge>
            )}
            {v.ubicacion !== undefined && (
              <Text as="div" fontSize="sm" data-testid="visit-place">
                <Text as="span" color="fg.muted">
                  {locationTexts.columna}:
                </Text>{' '}
                <PlaceText place={v.ubicacion} what={`la visita del ${formatDate(v.fecha)}`} />
              </Text>
            )}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

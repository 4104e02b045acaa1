// The way to 'Estado de cuenta' from a Cobranza card and from the loan detail (docs/producto.md §2.23), shown only
// when the role may open it (the registry's rule for links).
import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { findRoute } from '../../routes/registry';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { statementLinkTexts as t } from './statement-link-texts';

export const statementPath = (loanId: number) => `/loans/${loanId}/estado-de-cuenta`;

/**
 * The card's link: a touch target of 44 px in the card's teal. A fixed style object, not component props: a
 * Cobranza page has dozens of cards, and each new Emotion rule costs a slow phone style work.
 */
const CARD_LINK = {
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-end',
  minHeight: '44px',
  paddingInline: 'var(--chakra-spacing-2)',
  color: 'var(--chakra-colors-teal-700)',
  fontSize: 'var(--chakra-font-sizes-sm)',
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
} as const;

export function StatementLink({
  loanId,
  clientName,
  variant = 'card',
}: {
  loanId: number;
  clientName: string;
  /** 'card': a plain link (a Cobranza page has dozens; no component styles per card); 'button': the detail's. */
  variant?: 'card' | 'button';
}) {
  const { user } = useSession();
  const to = statementPath(loanId);
  const route = findRoute(to);
  if (!route || !userCan(user, route.permission)) return null;
  if (variant === 'card')
    return (
      <Link to={to} style={CARD_LINK} aria-label={t.enlaceDe(clientName)} data-testid="statement-link">
        {t.enlace} ›
      </Link>
    );
  return (
    <Button asChild variant="outline" size={{ base: 'lg', md: 'md' }} alignSelf={{ md: 'flex-start' }}>
      <Link to={to} aria-label={t.enlaceDe(clientName)} data-testid="statement-link">
        {t.enlace}
      </Link>
    </Button>
  );
}

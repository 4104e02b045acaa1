import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { findRoute } from '../../routes/registry';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { QUICK_ACTIONS } from './quick-actions';

/** The quick actions whose screen exists and that the role allows; nothing at all when none does. */
export function QuickActionButtons() {
  const { user } = useSession();
  const actions = useMemo(
    () =>
      QUICK_ACTIONS.filter((action) => {
        const route = findRoute(action.to);
        return route !== undefined && userCan(user, route.permission) && userCan(user, action.permission);
      }),
    [user],
  );
  if (actions.length === 0) return null;
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <Heading as="h2" size="md">
          Acciones Rápidas
        </Heading>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" flexWrap="wrap">
          {actions.map((action) => (
            <Button key={action.id} asChild size="lg" variant="outline" data-testid={`quick-${action.id}`}>
              <Link to={action.to}>{action.label}</Link>
            </Button>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

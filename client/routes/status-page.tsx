import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { OFFICE_HOME } from './home-path';

/** A full-content message with a way back to the dashboard (unknown path, screen not allowed). */
function StatusPage({ code, title, message }: { code: string; title: string; message: string }) {
  return (
    <VStack gap="4" py={{ base: '12', md: '20' }} px="4" textAlign="center" data-testid={`status-${code}`}>
      <Text fontSize="5xl" fontWeight="bold" color="teal.700" lineHeight="1">
        {code}
      </Text>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {message}
      </Text>
      <Button asChild size="lg">
        <Link to={OFFICE_HOME}>Ir al Dashboard</Link>
      </Button>
    </VStack>
  );
}

export const NotFoundPage = () => (
  <StatusPage
    code="404"
    title="Página no encontrada"
    message="La dirección que abriste no existe en el sistema."
  />
);

export const ForbiddenPage = ({ message }: { message: string }) => (
  <StatusPage code="403" title="Acceso denegado" message={message} />
);

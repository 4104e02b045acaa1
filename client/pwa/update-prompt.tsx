import { useRegisterSW } from 'virtual:pwa-register/react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { whenWritesSettled } from '../store/write-guard';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** An installed app may stay open for days: look for a new version every hour while online and visible. */
function scheduleUpdateChecks(registration: ServiceWorkerRegistration): void {
  setInterval(() => {
    if (navigator.onLine && document.visibilityState === 'visible') registration.update().catch(() => {});
  }, UPDATE_CHECK_MS);
}

/**
 * Registers the service worker (workbox-window, registerType 'prompt') and, when a new version waits, offers
 * it without blocking the screen. Nothing reloads unless the user presses 'Actualizar' in this tab: a reload
 * could interrupt a payment being typed (docs/arquitectura.md).
 */
export function UpdatePrompt() {
  const registrationRef = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const acceptedRef = useRef(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      registrationRef.current = registration;
      if (registration) scheduleUpdateChecks(registration);
    },
    // Called when the new worker takes control. If another tab accepted the update, this tab keeps its
    // banner and waits for its own user instead of reloading over their work.
    onNeedReload() {
      if (acceptedRef.current) void whenWritesSettled().then(() => window.location.reload());
    },
  });

  if (!needRefresh) return null;

  // A payment still being written finishes first (the outbox itself is in IndexedDB and survives the reload).
  const update = async () => {
    acceptedRef.current = true;
    await whenWritesSettled();
    // Another tab may already have activated the new worker: then there is nothing waiting, just reload.
    if (registrationRef.current?.waiting) void updateServiceWorker(true);
    else window.location.reload();
  };

  return (
    <Box
      position="fixed"
      insetInline="3"
      bottom="calc(0.75rem + env(safe-area-inset-bottom))"
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="teal.800"
      color="white"
      borderRadius="lg"
      boxShadow="lg"
      px="4"
      py="3"
      role="status"
      aria-live="polite"
      data-testid="update-banner"
    >
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="semibold">Nueva versión disponible</Text>
        <HStack gap="2">
          <Button
            size="sm"
            variant="ghost"
            color="white"
            _hover={{ bg: 'teal.700' }}
            onClick={() => setNeedRefresh(false)}
          >
            Más tarde
          </Button>
          <Button
            size="sm"
            bg="white"
            color="teal.800"
            _hover={{ bg: 'teal.50' }}
            onClick={() => void update()}
          >
            Actualizar
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}

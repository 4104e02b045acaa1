import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from 'react-router-dom';
import { UpdatePrompt } from './pwa/update-prompt';
import { createAppRouter } from './routes/router';
import { SessionProvider } from './session/session-provider';
import { system } from './ui/theme';
import { Toaster } from './ui/toaster';

// Created once: the router keeps history listeners for the life of the page.
const router = createAppRouter();

export function App() {
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
      <UpdatePrompt />
    </ChakraProvider>
  );
}

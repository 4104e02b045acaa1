import { ChakraProvider } from '@chakra-ui/react';
import { IdleChrome } from './idle-chrome';
import { AppScreens } from './routes/app-screens';
import { SessionProvider } from './session/session-provider';
import { system } from './ui/theme';

export function App({ startWithRouter }: { startWithRouter: boolean }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        <AppScreens startWithRouter={startWithRouter} />
      </SessionProvider>
      <IdleChrome />
    </ChakraProvider>
  );
}

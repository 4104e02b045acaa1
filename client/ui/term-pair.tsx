import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A label and its value in a two-column description list (`<dl>` laid out as a grid): the phone's cards of the
 * payment history, the payments received and a sheet's detail. `wrap`: a long value may break anywhere.
 */
export function TermPair({
  label,
  children,
  wrap = false,
}: {
  label: string;
  children: ReactNode;
  wrap?: boolean;
}) {
  return (
    <Box display="contents">
      <Box as="dt" color="fg.muted">
        {label}
      </Box>
      <Box as="dd" minW="0" overflowWrap={wrap ? 'anywhere' : undefined}>
        {children}
      </Box>
    </Box>
  );
}

import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { CELL_KINDS_IN_LEGEND, CELL_STYLES } from './cell-styles';
import { historyTexts as t } from './history-texts';

/** What each colour of the grid means. */
export function HistoryLegend() {
  return (
    <Box as="section" aria-label={t.leyenda} data-testid="history-legend">
      <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" columnGap="4">
        {CELL_KINDS_IN_LEGEND.map((kind) => {
          const style = CELL_STYLES[kind];
          return (
            <HStack as="li" key={kind} gap="2" data-status={kind}>
              <Box
                aria-hidden="true"
                w="4"
                h="4"
                flexShrink="0"
                borderRadius="sm"
                borderWidth="1px"
                bg={style.bg}
                borderColor={style.borderColor}
              />
              <Text fontSize="sm" color="fg.muted">
                {style.legend}
              </Text>
            </HStack>
          );
        })}
      </Flex>
    </Box>
  );
}

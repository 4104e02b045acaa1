import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// The system font stack: nothing to download, and native text on every phone.
const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

const config = defineConfig({
  globalCss: {
    // Teal is the default palette, so solid buttons, focus rings and links share the money tone (teal.700,
    // #0f766e, is also the manifest's theme_color and the icons' background).
    html: { colorPalette: 'teal' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { recipes, slotRecipes } from './theme-recipes';

// Chakra's defaultConfig is defaultBaseConfig plus this theme with every recipe; here, only the recipes the app
// uses (./theme-recipes).
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

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
    semanticTokens: {
      colors: {
        // Chakra's teal.600 under white text is 3.7:1, below WCAG AA's 4.5:1 for the 16 px label of a solid
        // button (Lighthouse flagged 'Iniciar Sesión'); teal.700, the brand colour, is 5.5:1.
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, defaultTheme, config);

import { storyTests } from './vitest.stories';

// The same stories in the other configuration the toolbar offers: Dark theme, German, so axe checks
// the dark contrasts and the overflow check meets the longer German words. Play functions read the
// copy of both languages, so every story runs here too.
export default storyTests({ name: 'ui-dark-german', initialGlobals: { theme: 'Dark', language: 'de' } });

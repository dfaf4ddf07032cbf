import { storyTests } from './vitest.stories';

// The same stories in the other configuration the toolbar offers: Dark theme, German, so axe checks
// the dark contrasts and the overflow check meets the longer German words. Stories with a play
// function are left out: their steps read the English copy, and they run in the 'ui' project.
export default storyTests({ name: 'ui-dark-german', initialGlobals: { theme: 'Dark', language: 'de' }, excludeTags: ['play-fn'] });

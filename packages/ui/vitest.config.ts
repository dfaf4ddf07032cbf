import { storyTests } from './vitest.stories';

// The stories as the designers first see them: Light theme, English.
export default storyTests({ name: 'ui', initialGlobals: { theme: 'Light', language: 'en' } });

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { darkColours, lightColours } from '../theme/tokens';
import { contrastRatio } from './contrast';
import { COLOUR_PAIRS, ColourContrasts } from './DesignValues';

/** The design values page's contrast table as a test: no pairing of either theme below its threshold. */
const meta = {
  title: 'Tests/Colour contrast',
  component: ColourContrasts,
  tags: ['!dev', '!autodocs'],
} satisfies Meta<typeof ColourContrasts>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryPairingMeetsItsThreshold: Story = {
  play: async () => {
    await expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    await expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    for (const [theme, colours] of Object.entries({ Light: lightColours, Dark: darkColours })) {
      for (const { foreground, background, minimum } of COLOUR_PAIRS) {
        const ratio = contrastRatio(colours[foreground], colours[background]);
        await expect({ theme, foreground, background, passes: ratio >= minimum }).toEqual({ theme, foreground, background, passes: true });
      }
    }
  },
};

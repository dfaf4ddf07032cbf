import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RuleChangeLog } from './RuleChangeLog';

const meta = {
  title: 'Ranking/RuleChangeLog',
  component: RuleChangeLog,
  args: {
    changes: [
      { at: '2024-06-15T09:00:00Z', changes: [{ field: 'finalExactPoints', from: 25, to: 30 }] },
      { at: '2024-06-16T10:30:00Z', changes: [{ field: 'useDifferentPointsForKnockoutRound', from: true, to: false }] },
    ],
  },
} satisfies Meta<typeof RuleChangeLog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Changed: Story = {
  play: async ({ canvas, globals }) => {
    const [final, knockout] = canvas.getAllByRole('listitem');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    // Fields by the names the group form gives them, dated as the dashboard dates its games.
    const german = globals.language === 'de';
    await expect(final).toHaveTextContent(german ? /^15\.06\.2024 \d\d:\d\d: Finale: Exakter Tipp 25 → 30$/ : /^15\.06\.2024 \d\d:\d\d: Final: Exact prediction 25 → 30$/);
    await expect(knockout).toHaveTextContent(/^16\.06\.2024 \d\d:\d\d: /);
  },
};
export const NothingChanged: Story = { args: { changes: [] } };

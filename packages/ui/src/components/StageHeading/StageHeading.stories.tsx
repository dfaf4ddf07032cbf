import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { euro2024Points, worldCup2026Points } from '../../stories/fixtures';
import { GameDate, StageHeading } from './StageHeading';

const meta = {
  title: 'Dashboard/StageHeading',
  component: StageHeading,
  args: { stage: 'Group', points: euro2024Points },
} satisfies Meta<typeof StageHeading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GroupStage: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^5 /)).toBeVisible();
  },
};
export const Last32WorldCup2026: Story = { args: { stage: 'Last32', points: worldCup2026Points } };
export const QuarterFinal: Story = { args: { stage: 'QuarterFinal' } };
/** The small final is scored with the semi-final values. */
export const SmallFinal: Story = {
  args: { stage: 'SmallFinal' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^20 /)).toBeVisible();
  },
};
export const Final: Story = { args: { stage: 'Final' } };
export const FinishedCompetitionWithoutRules: Story = { args: { stage: 'Final', points: undefined } };
export const WithDate: Story = {
  render: (args) => (
    <>
      <StageHeading {...args} />
      <GameDate date="2024-06-14T19:00:00Z" />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('14.06.2024')).toBeVisible();
  },
};

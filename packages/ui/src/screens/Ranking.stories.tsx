import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CURRENT_YEAR, RankingScreen, SignedIn, groups, longGroupName, unbrokenName, type RankingProps } from './screenData';

/** The ranking of the selected group, route `/ranking` (spec section 2, Ranking). */
const meta = {
  title: 'Screens/Ranking',
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  render: (args) => (
    <SignedIn path="/ranking" selectedGroupId={args.year === 2022 ? groups[2]!.id : undefined}>
      <RankingScreen {...args} />
    </SignedIn>
  ),
  args: { playerCount: 8, isCreator: true, maxPlayers: 10, year: CURRENT_YEAR },
  argTypes: {
    playerCount: { control: { type: 'number', min: 1, max: 35 } },
    maxPlayers: { control: { type: 'number', min: 1, max: 100 } },
    year: { control: 'select', options: [2024, 2022] },
  },
} satisfies Meta<RankingProps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The creator sees invite, enlarge, edit and delete. */
export const Creator: Story = {};
/** A member sees invite and 'leave group'. */
export const Member: Story = { args: { isCreator: false } };
/** The group reached its maximum: no invite buttons, the 'max group size' note instead. */
export const FullGroup: Story = { args: { playerCount: 10 } };
/** A group of a past year: the own-rank line, no action blocks. */
export const PastYear: Story = { args: { year: 2022, maxPlayers: null, groupName: groups[2]!.name } };
/** More than 10 players: a line tells the own rank above the list. */
export const MoreThan10Players: Story = { args: { playerCount: 14, maxPlayers: 20 } };
/** Before the first kickoff: nobody has points yet and others' champion picks are hidden. */
export const BeforeStart: Story = { args: { playerCount: 5, started: false } };
/** Only the creator so far: 'predicting alone is no fun'. */
export const AlonePlayer: Story = { args: { playerCount: 1 } };
/** 24-character names at 390 px. */
export const LongNamesOnAPhone: Story = {
  args: { playerCount: 9, longNames: true, groupName: longGroupName, maxPlayers: 20 },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
/** The viewer's name and the group's of 24 letters without a space at 390 px: every table stays on the screen. */
export const UnbrokenNamesOnAPhone: Story = {
  args: { playerCount: 9, longNames: 'unbroken', groupName: unbrokenName, maxPlayers: 20 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const screenWidth = canvasElement.ownerDocument.documentElement.clientWidth;
    const beyond = [...canvasElement.querySelectorAll('table')].map((table) => Math.round(table.getBoundingClientRect().right)).filter((right) => right > screenWidth);
    await expect(beyond).toEqual([]);
  },
};

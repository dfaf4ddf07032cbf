import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PredictionPopup } from '../components/PredictionPopup/PredictionPopup';
import { DashboardScreen, SignedIn, beforeKickoff, groups, liveGameDay, longGroupName, longTeamNames, tournamentFinished, unbrokenName, type DashboardProps } from './screenData';

/** The schedule, route `/` (spec section 2, Dashboard), in every state the spec names. */
const meta = {
  title: 'Screens/Dashboard',
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  render: (args) => (
    <SignedIn path="/">
      <DashboardScreen {...args} />
    </SignedIn>
  ),
  args: { ...liveGameDay, playerCount: 8 },
  argTypes: {
    playerCount: { control: { type: 'number', min: 0, max: 35 } },
    games: { control: false },
    now: { control: false },
  },
} satisfies Meta<DashboardProps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first kickoff: the countdown, the champion pick still open, every game predictable. */
export const BeforeKickoff: Story = { args: { ...beforeKickoff } };
/** The player is in no group of this year yet: a hint to create one instead of the schedule. */
export const NoGroup: Story = {
  args: { ...beforeKickoff, playerCount: 0 },
  render: (args) => (
    <SignedIn path="/" groupsShown={groups.filter((group) => group.competitionYear !== 2024)} selectedGroupId={undefined}>
      <DashboardScreen {...args} />
    </SignedIn>
  ),
};
/** The year has no games yet. */
export const ScheduleNotReleased: Story = { args: { now: beforeKickoff.now, games: [] } };
/** A game is live: its predictions are open to all, the current game's list shows everyone up to 30 players. */
export const LiveGame: Story = {};
/** After the final: results only, stage headings without point rules. */
export const TournamentFinished: Story = { args: { ...tournamentFinished } };
/** More than 10 players: others' predictions of games other than the current one stay hidden until 'show all'. */
export const MoreThan10Players: Story = { args: { playerCount: 14 } };
/** 'Show all predictions' switched on. */
export const MoreThan10PlayersShowAll: Story = { args: { playerCount: 14, showAll: true } };
/** More than 30 players: even the current game shows only the own prediction until 'show all'. */
export const MoreThan30Players: Story = { args: { playerCount: 33 } };
/** The longest names at 390 px: 'Bosnien und Herzegowina' in German, 24-character player and group names. */
export const LongNamesOnAPhone: Story = {
  args: { ...longTeamNames, playerCount: 9, longNames: true, showAll: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  render: (args) => (
    <SignedIn path="/" year={2026} groupsShown={[{ id: 'long', name: longGroupName, competitionYear: 2026 }]} selectedGroupId="long">
      <DashboardScreen {...args} />
    </SignedIn>
  ),
};
/** The viewer's name of 24 letters without a space, in the group of the same kind, at 390 px: every table stays on the screen. */
export const UnbrokenNamesOnAPhone: Story = {
  tags: ['!autodocs'],
  args: { ...longTeamNames, playerCount: 9, longNames: 'unbroken', showAll: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  render: (args) => (
    <SignedIn path="/" year={2026} groupsShown={[{ id: 'long', name: unbrokenName, competitionYear: 2026 }]} selectedGroupId="long">
      <DashboardScreen {...args} />
    </SignedIn>
  ),
  play: async ({ canvasElement }) => {
    const screenWidth = canvasElement.ownerDocument.documentElement.clientWidth;
    const beyond = [...canvasElement.querySelectorAll('table')].map((table) => Math.round(table.getBoundingClientRect().right)).filter((right) => right > screenWidth);
    await expect(beyond).toEqual([]);
  },
};
/** On a phone, tapping a prediction opens the full-screen picker with plus and minus per team (spec: below 1000 px). */
export const PredictingOnAPhone: Story = {
  args: { ...beforeKickoff, smallScreen: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  render: (args) => (
    <SignedIn path="/">
      <DashboardScreen {...args} />
      <PredictionPopup game={beforeKickoff.games[1]!} prediction={{ homeGoals: 1, awayGoals: 1 }} onChange={fn()} onClose={fn()} onPrevious={fn()} onNext={fn()} />
    </SignedIn>
  ),
};
/** At 1280 px the schedule lines up with the countdown and champion cards above it. */
export const ScheduleLinedUpOnALaptop: Story = {
  tags: ['!dev', '!autodocs'],
  args: { ...beforeKickoff },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas }) => {
    const edges = (element: Element) => [Math.round(element.getBoundingClientRect().left), Math.round(element.getBoundingClientRect().right)];
    const countdown = edges(canvas.getByRole('region', { name: /tournament starts|Turnier beginnt/ }));
    await expect(edges(canvas.getAllByRole('article')[0]!)).toEqual(countdown);
    await expect(edges(canvas.getAllByRole('heading', { level: 3 })[0]!)).toEqual(countdown);
  },
};
/** Tabbing along the schedule at 1280 px: no focused control ends up hidden under the fixed footer menu. */
export const FocusAboveTheFooter: Story = {
  tags: ['!dev', '!autodocs'],
  args: { ...beforeKickoff },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const footerTop = canvasElement.ownerDocument.querySelector('main + nav')!.getBoundingClientRect().top;
    const focusable = [...canvasElement.ownerDocument.querySelectorAll<HTMLElement>('main a[href], main button, main input, main select')];
    const hidden: string[] = [];
    for (const control of focusable) {
      control.focus();
      const bottom = control.getBoundingClientRect().bottom;
      if (bottom > footerTop) hidden.push(`${control.getAttribute('aria-label') ?? control.textContent} ends ${Math.round(bottom - footerTop)} px under the footer`);
    }
    await expect(hidden).toEqual([]);
  },
};

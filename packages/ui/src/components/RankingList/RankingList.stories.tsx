import type { Meta, StoryObj } from '@storybook/react-vite';
import { rankPlayers } from '@scorecast/rules';
import { expect, fn, userEvent } from 'storybook/test';
import { AA_TEXT, contrastRatio, hexOf } from '../../docs/contrast';
import { ownLogin, playerNames } from '../../stories/fixtures';
import { RankingList, type RankedPlayer } from './RankingList';

const picks = ['es', 'de', 'gb-eng', 'fr', null, 'pt', 'nl', 'es', 'it', 'gb-sct'];

/** A group ranked by the rules, with ties, as the server would send it. */
function groupOf(count: number, { started = true } = {}): RankedPlayer[] {
  // Before the first kickoff nobody has points: everyone shares rank 1.
  const pointsAt = (index: number) => (started ? [67, 52, 52, 48, 40, 33, 31, 31, 20, 12][index % 10]! - Math.floor(index / 10) : 0);
  const players = playerNames(count).map((player, index) => ({ ...player, points: pointsAt(index), championPrediction: picks[index % picks.length] }));
  return rankPlayers(players);
}

const meta = {
  title: 'Ranking/RankingList',
  component: RankingList,
  argTypes: { maxPlayers: { control: { type: 'number', min: 1 } } },
  args: {
    groupName: 'Bolzplatz Legends',
    competitionName: 'Euro 2024',
    players: groupOf(10),
    ownLogin,
    maxPlayers: 10,
    isCurrentYear: true,
    competitionStarted: true,
    onRename: fn(),
  },
} satisfies Meta<typeof RankingList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnePlayer: Story = { args: { players: groupOf(1, { started: false }), competitionStarted: false } };
export const TenPlayers: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/position|Platz \d+ von/)).toBeNull();
  },
};
export const ElevenPlayersOwnRankLine: Story = {
  args: { players: groupOf(11), maxPlayers: 20 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/1 (of|von) 11/)).toBeVisible();
  },
};
export const ThirtyPlayers: Story = { args: { players: groupOf(30), maxPlayers: 50 } };
export const ThirtyOnePlayersUnlimited: Story = { args: { players: groupOf(31), maxPlayers: null } };
/** While games are played, the ranking says its points count their current scores (a fan saw the order move with nothing saying why). */
export const WhileAGameIsLive: Story = {
  args: { liveGames: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/current score of the game being played|aktuellen Stand des laufenden Spiels/)).toBeVisible();
  },
};
export const PastYear: Story = { args: { isCurrentYear: false, competitionName: 'Euro 2024' } };

/** Before the start only the own champion pick shows; the others are hidden. */
export const BeforeStartPicksHidden: Story = {
  args: { players: groupOf(10, { started: false }), competitionStarted: false },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/hidden until|verborgen bis/).length).toBe(9);
    await expect(canvas.getAllByText(/^0 (pts|Pkt\.)$/).length).toBe(10);
  },
};


/** A name taken in the group: the reason under the field reads on the own row's colour, in both themes. */
export const RenameNameTaken: Story = {
  tags: ['!dev', '!autodocs'],
  args: { renameError: 'playerNameTaken' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /rename|umbenennen/i }));
    await userEvent.type(canvas.getByRole('textbox'), 'x');
    const error = canvas.getByText(/already taken|schon vergeben/);
    await expect(contrastRatio(hexOf(getComputedStyle(error).color), hexOf(getComputedStyle(error).backgroundColor))).toBeGreaterThanOrEqual(AA_TEXT);
  },
};

/** The pencil opens the name field; an empty name cannot be saved; Enter saves. */
export const RenameWithKeyboard: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /rename|umbenennen/i }));
    const field = canvas.getByRole('textbox');
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await expect(canvas.getByRole('button', { name: /save|speichern/i })).toBeDisabled();
    await userEvent.type(field, 'Anna K.{Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('Anna K.');
    // Saved, the focus is back on the pencil (it fell to the page's top with the form).
    await expect(canvas.getByRole('button', { name: /rename|umbenennen/i })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: /rename|umbenennen/i })).toHaveFocus();
  },
};

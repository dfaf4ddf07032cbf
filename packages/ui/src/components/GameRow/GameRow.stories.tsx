import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Score } from '@scorecast/rules';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { beforeEuro2024, finalSpainEngland, germanyScotland, hungarySwitzerland, italyAlbania, spainCroatia, spainGermany } from '../../stories/fixtures';
import { GameRow, type GameRowProps } from './GameRow';

/** Holds the saved prediction like the app does after a successful save. */
function SavingGameRow(props: GameRowProps) {
  const [prediction, setPrediction] = useState<Score | undefined>(props.prediction);
  return (
    <GameRow
      {...props}
      prediction={prediction}
      onPredict={(score) => {
        setPrediction(score);
        void props.onPredict(score);
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/GameRow',
  component: GameRow,
  render: (args) => <SavingGameRow {...args} />,
  args: { game: spainCroatia, prediction: undefined, now: beforeEuro2024, onPredict: fn(), smallScreen: false },
} satisfies Meta<typeof GameRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ScheduledWithoutPrediction: Story = {};
export const ScheduledWithPrediction: Story = { args: { prediction: { homeGoals: 3, awayGoals: 0 } } };
export const Live: Story = { args: { game: hungarySwitzerland, prediction: { homeGoals: 1, awayGoals: 1 }, now: '2024-06-15T14:00:00Z' } };
export const FinishedGermany5Scotland1: Story = { args: { game: germanyScotland, prediction: { homeGoals: 5, awayGoals: 1 }, now: '2024-06-15T12:00:00Z' } };
export const FinishedWithoutPrediction: Story = { args: { game: germanyScotland, now: '2024-06-15T12:00:00Z' } };
export const FinalSpain2England1: Story = { args: { game: finalSpainEngland, prediction: { homeGoals: 1, awayGoals: 0 }, now: '2024-07-15T12:00:00Z' } };

/** A group-stage game names its group beside the kickoff time, in the reader's language. */
export const GroupGame: Story = {
  args: { game: { ...spainCroatia, groupLetter: 'B' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/· (Group|Gruppe) B/)).toBeVisible();
  },
};
export const GroupGameDarkGerman: Story = {
  tags: ['!dev', '!autodocs'],
  ...GroupGame,
  globals: { theme: 'Dark', language: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('· Gruppe B')).toBeVisible();
  },
};

/**
 * A draw predicted for a knockout game shows that every knockout game has a winner, and how a
 * shoot-out counts: a fan who predicted the 0:0 everyone saw got nothing for a 1:0 on penalties.
 */
export const KnockoutDrawHint: Story = {
  args: { game: spainGermany, prediction: { homeGoals: 1, awayGoals: 1 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No draw|Kein Unentschieden/)).toBeVisible();
    await expect(canvas.getByText(/win on penalties counts as one goal more|Sieg im Elfmeterschießen zählt als ein Tor mehr/)).toBeVisible();
  },
};

export const KnockoutWithoutDrawHasNoHint: Story = {
  tags: ['!dev', '!autodocs'],
  args: { game: spainGermany, prediction: { homeGoals: 2, awayGoals: 1 } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/No draw|Kein Unentschieden/)).toBeNull();
  },
};

/**
 * A knockout game names its match number beside the kickoff time: the placeholders of later rounds
 * ('Winner match 45') name numbers a fan could find nowhere. A group game keeps its group instead.
 */
export const KnockoutMatchNumber: Story = {
  args: { game: { ...spainGermany, number: 45, homeTeam: 'W39', awayTeam: 'W37' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^· (Match|Spiel) 45$/)).toBeVisible();
    await expect(canvas.getByText(/(Winner match|Sieger Spiel) 39/)).toBeVisible();
  },
};
export const GroupGameHasNoMatchNumber: Story = {
  tags: ['!dev', '!autodocs'],
  args: { game: { ...spainCroatia, number: 3, groupLetter: 'B' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/(Match|Spiel) 3/)).toBeNull();
  },
};

/** A knockout game whose teams are not known yet: it says when it takes predictions, not that the player has none. */
export const KnockoutTeamsNotKnownYet: Story = {
  args: { game: { ...spainGermany, homeTeam: 'W39', awayTeam: 'W37' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Predictions open once both teams are known|Tippen ist möglich, sobald beide Mannschaften feststehen/)).toBeVisible();
    await expect(canvas.queryByText(/No prediction|Kein Tipp/)).toBeNull();
  },
};

/** Kickoff passed while the game still says Scheduled: the input is gone. */
/** On a German phone a one-word name ('Deutschland', 'Elfenbeinküste') stays on one line, unbroken. */
export const OneWordNamesWholeOnAPhone: Story = {
  tags: ['!dev', '!autodocs'],
  args: { game: { ...spainCroatia, homeTeam: 'de', awayTeam: 'ci' }, prediction: { homeGoals: 2, awayGoals: 0 } },
  globals: { viewport: { value: 'phone', isRotated: false }, language: 'de' },
  play: async ({ canvas }) => {
    for (const name of ['Deutschland', 'Elfenbeinküste']) {
      const range = document.createRange();
      range.selectNodeContents(canvas.getByText(name));
      await expect({ name, lines: new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size }).toEqual({ name, lines: 1 });
    }
  },
};
export const KickoffPassed: Story = { args: { game: italyAlbania, now: '2024-06-15T19:00:01Z' } };

/** Below 1000 px focusing the input opens the full-screen picker. */
export const SmallScreenOpensPicker: Story = {
  tags: ['!dev', '!autodocs'],
  args: { smallScreen: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('textbox'));
    const dialog = await canvas.findByRole('dialog');
    await expect(dialog).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: /more|mehr/ })[0]!);
    await expect(args.onPredict).toHaveBeenLastCalledWith({ homeGoals: 1, awayGoals: 0 });
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(canvas.getByRole('textbox')).toHaveValue('1:0');
  },
};

/** Games one under the other, as the schedule lists them, each saving what is predicted. */
const scheduleOf =
  (...games: GameRowProps['game'][]) =>
  (args: GameRowProps) => (
    <div>
      {games.map((game) => (
        <SavingGameRow key={game.id} {...args} game={game} />
      ))}
    </div>
  );

/**
 * The picker keeps the keyboard: Tab went on to the next game's input behind it and opened a second
 * picker over the first. Closed, it gives the focus back to its input without opening again, so Tab
 * goes on to the next game (it went round the same game's picker for ever).
 */
export const PickerKeepsTheKeyboard: Story = {
  tags: ['!dev', '!autodocs'],
  args: { smallScreen: true },
  render: scheduleOf(spainCroatia, italyAlbania),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('textbox')[0]!);
    const dialog = await canvas.findByRole('dialog');
    await expect(dialog).toHaveAccessibleDescription(/Spain against Croatia|Spanien gegen Kroatien/);
    for (let step = 0; step < 12; step++) await userEvent.tab();
    await expect(canvas.getAllByRole('dialog')).toHaveLength(1);
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    // Back on the input, without its picker opening again: Tab goes on to the next game.
    await expect(canvas.getAllByRole('textbox')[0]).toHaveFocus();
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.tab();
    await expect(await canvas.findByRole('dialog')).toHaveAccessibleDescription(/Italy against Albania|Italien gegen Albanien/);
  },
};

/** Next in the picker keeps the focus on Next in the next game's picker: a second Enter went to Close and shut it. */
export const PickerNextKeepsItsPlace: Story = {
  tags: ['!dev', '!autodocs'],
  args: { smallScreen: true },
  render: scheduleOf(spainCroatia, italyAlbania, spainGermany),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('textbox')[0]!);
    (await canvas.findByRole('button', { name: /Next|Nächstes/ })).focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('dialog')).toHaveAccessibleDescription(/Italy against Albania|Italien gegen Albanien/);
    await expect(canvas.getByRole('button', { name: /Next|Nächstes/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('dialog')).toHaveAccessibleDescription(/Spain against Germany|Spanien gegen Deutschland/);
    // The last game: Next is disabled, so Close takes the focus.
    await expect(canvas.getByRole('button', { name: /Close|Schließen/ })).toHaveFocus();
  },
};

/** Enter saves and moves on along the schedule. */
export const Matchday: Story = {
  render: (args) => (
    <div>
      <SavingGameRow {...args} game={spainCroatia} />
      <SavingGameRow {...args} game={italyAlbania} />
    </div>
  ),
  play: async ({ canvas, args }) => {
    const [first, second] = canvas.getAllByRole('textbox');
    await userEvent.click(first!);
    await userEvent.keyboard('3:0{Enter}');
    await expect(second).toHaveFocus();
    await expect(args.onPredict).toHaveBeenCalledWith({ homeGoals: 3, awayGoals: 0 });
  },
};

/** The game kicks off while its picker is open: the picker closes, as the row shows the game started (a fresh player could still tap + and got an error). */
export const PickerClosesAtKickoff: Story = {
  tags: ['!dev', '!autodocs'],
  args: { smallScreen: true },
  render: function KickingOff(args) {
    const [game, setGame] = useState(args.game);
    return (
      <>
        <button type="button" onClick={() => setGame({ ...game, status: 'Live', homeGoals: 0, awayGoals: 0 })}>
          kick off
        </button>
        <SavingGameRow {...args} game={game} />
      </>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('textbox'));
    await expect(await canvas.findByRole('dialog')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'kick off' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { ACCURACIES, type Accuracy, type Game } from '@scorecast/rules';
import { expect, fn } from 'storybook/test';
import { Popup } from '../components/Popup/Popup';
import { Toast } from '../components/Toast/Toast';
import { useLiveMessages } from '../messages/useLiveMessages';
import { finalSpainEngland, germanyScotland, hungarySwitzerland } from './fixtures';

/** A finished game as the app shows it: a popup with the result and the own prediction's line. */
function GameFinished({ game, accuracy }: { game: Game; accuracy: Accuracy | undefined }) {
  const message = useLiveMessages().gameFinished(game, accuracy);
  return <Popup kind={message.celebrate ? 'success' : 'warning'} title={message.result} message={message.ownPrediction} onClose={fn()} />;
}

const meta = {
  title: 'Feedback/LiveMessages',
  component: GameFinished,
  args: { game: germanyScotland, accuracy: 'exact' },
  argTypes: { accuracy: { control: 'select', options: [...ACCURACIES, undefined] } },
} satisfies Meta<typeof GameFinished>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Germany5Scotland1Exact: Story = {
  play: async ({ canvas, globals }) => {
    const english = globals.language !== 'de';
    await expect(canvas.getByRole('heading')).toHaveTextContent(english ? 'Germany wins 5:1 against Scotland.' : 'Deutschland gewinnt 5:1 gegen Schottland.');
  },
};
export const TrendWin: Story = { args: { accuracy: 'trend' } };
export const Wrong: Story = { args: { accuracy: 'wrong' } };

/** A player who had not predicted the game is not told their prediction was wrong. */
export const NotPredicted: Story = {
  args: { accuracy: undefined },
  play: async ({ canvas, globals }) => {
    const english = globals.language !== 'de';
    await expect(canvas.getByText(english ? 'You had not predicted this game.' : 'Du hattest dieses Spiel nicht getippt.')).toBeInTheDocument();
    await expect(canvas.queryByText(english ? 'Your prediction was wrong this time.' : 'Dein Tipp lag diesmal daneben.')).not.toBeInTheDocument();
  },
};

/** An away win is told from the winner's side. */
export const FinalAwayWinnerTold: Story = {
  args: { game: { ...finalSpainEngland, homeTeam: 'gb-eng', awayTeam: 'es', homeGoals: 1, awayGoals: 2 }, accuracy: 'exactTrend' },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent(globals.language !== 'de' ? 'Spain wins 2:1 against England.' : 'Spanien gewinnt 2:1 gegen England.');
  },
};

export const DrawPredicted: Story = {
  args: { game: { ...hungarySwitzerland, status: 'Finished', homeGoals: 1, awayGoals: 1 }, accuracy: 'trend' },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByText(globals.language !== 'de' ? 'You predicted the draw.' : 'Du hast das Unentschieden getippt.')).toBeInTheDocument();
  },
};

function LiveToasts() {
  const messages = useLiveMessages();
  return (
    <>
      <Toast kind="info" message={messages.gameStarted(hungarySwitzerland)} onDismiss={fn()} />
      <div style={{ position: 'fixed', bottom: 160, width: '100%' }}>
        <Toast kind="success" message={messages.newGameScore(hungarySwitzerland)} onDismiss={fn()} />
      </div>
    </>
  );
}
export const StartedAndNewScore: Story = { render: () => <LiveToasts /> };

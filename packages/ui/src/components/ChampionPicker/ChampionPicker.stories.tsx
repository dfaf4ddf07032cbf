import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { beforeEuro2024, germanyScotland, italyAlbania, spainCroatia } from '../../stories/fixtures';
import { ChampionPicker } from './ChampionPicker';

const euro2024 = ['de', 'gb-sct', 'hu', 'ch', 'es', 'hr', 'it', 'al', 'si', 'dk', 'rs', 'gb-eng', 'pl', 'nl', 'at', 'fr', 'be', 'sk', 'ro', 'ua', 'tr', 'ge', 'pt', 'cz'];
const scheduled = [{ ...germanyScotland, status: 'Scheduled' as const, homeGoals: null, awayGoals: null }, spainCroatia, italyAlbania];

const meta = {
  title: 'Dashboard/ChampionPicker',
  component: ChampionPicker,
  args: { teams: euro2024, pick: undefined, games: scheduled, now: beforeEuro2024, winnerPoints: 40, onPick: fn() },
} satisfies Meta<typeof ChampionPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoPickYet: Story = {};
export const PickedSpain: Story = { args: { pick: 'es' } };
export const LockedAfterStart: Story = {
  args: { pick: 'es', games: [germanyScotland, spainCroatia] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled();
  },
};

/** Every game finished: the note says the tournament is over, not that it has started. */
export const TournamentOver: Story = {
  args: { pick: 'es', games: [germanyScotland, { ...spainCroatia, status: 'Finished' as const, homeGoals: 3, awayGoals: 0 }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^(The tournament is over|Das Turnier ist vorbei)/)).toBeVisible();
  },
};

export const PickWithKeyboard: Story = {
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox'), 'es');
    await expect(args.onPick).toHaveBeenCalledWith('es');
  },
};

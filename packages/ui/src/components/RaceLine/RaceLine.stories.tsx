import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RaceLine } from './RaceLine';

const meta = {
  title: 'Race/RaceLine',
  component: RaceLine,
  args: { maxPoints: 212, bestRank: 1, out: false, champion: { team: 'es', status: 'in' } },
} satisfies Meta<typeof RaceLine>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InTheRace: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/212/)).toBeVisible();
  },
};

export const OutOfTheRace: Story = {
  args: { maxPoints: 48, bestRank: 3, out: true, champion: { team: 'fr', status: 'eliminated' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/out of the race|aus dem Rennen/)).toBeVisible();
  },
};

/** No champion pick: only the race. */
export const NoChampionPick: Story = { args: { champion: undefined } };

/** The tournament is over: the final points and rank, not what could still be reached. */
export const TournamentOver: Story = {
  args: { maxPoints: 1, bestRank: 2, out: true, over: true, champion: { team: 'es', status: 'champion' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^(The tournament is over: you finished at rank 2 with 1 point\.|Das Turnier ist vorbei: Du hast es auf Rang 2 mit 1 Punkt beendet\.)$/)).toBeVisible();
    await expect(canvas.queryByText(/still reach|out of the race|noch erreichen|aus dem Rennen/)).toBeNull();
  },
};

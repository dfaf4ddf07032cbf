import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TeamFlag, TeamLabel } from './TeamFlag';

const meta = {
  title: 'Basics/TeamFlag',
  component: TeamFlag,
  args: { team: 'de' },
} satisfies Meta<typeof TeamFlag>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Germany: Story = {};
export const Scotland: Story = { args: { team: 'gb-sct' } };

/** A team whose flag file does not exist still shows its code and keeps its accessible name. */
export const MissingImage: Story = {
  args: { team: 'zz' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('zz')).toBeVisible();
  },
};

const euro2024Teams = ['de', 'gb-sct', 'es', 'gb-eng', 'fr', 'nl', 'pt', 'ch', 'it', 'hr', 'dk', 'at'];
const worldCup2026Teams = ['us', 'mx', 'ca', 'ar', 'br', 'ma', 'jp', 'sn', 'au', 'gb-sct', 'cv', 'uz'];

export const Euro2024Names: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, padding: 16, listStyle: 'none' }}>
      {euro2024Teams.map((team) => (
        <li key={team}>
          <TeamLabel team={team} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByText(globals.language === 'de' ? 'Schottland' : 'Scotland')).toBeVisible();
  },
};

export const WorldCup2026Names: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, padding: 16, listStyle: 'none' }}>
      {worldCup2026Teams.map((team) => (
        <li key={team}>
          <TeamLabel team={team} />
        </li>
      ))}
    </ul>
  ),
};

/** A knockout team not known yet: a neutral badge and the draw's own words, in both languages. */
export const PlaceholderTeam: Story = {
  render: () => <TeamLabel team="1A" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Winner group\sA|Gruppe\sA/)).toBeVisible();
    await expect(canvas.getByText('?')).toBeVisible();
  },
};

export const PlaceholderMatchWinner: Story = {
  render: () => <TeamLabel team="W74" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Winner match\s74|Spiel\s74/)).toBeVisible();
  },
};

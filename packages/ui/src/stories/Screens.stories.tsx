import type { Meta, StoryObj } from '@storybook/react-vite';
import { accuracyOf, defaultPointConfiguration, pointsFor, rankPlayers, upgradeOptions, type Accuracy } from '@scorecast/rules';
import { expect, fn } from 'storybook/test';
import { AppShell } from '../components/AppShell/AppShell';
import { ChampionPicker } from '../components/ChampionPicker/ChampionPicker';
import { EnlargeGroup } from '../components/EnlargeGroup/EnlargeGroup';
import { GameRow } from '../components/GameRow/GameRow';
import { GroupActions } from '../components/GroupActions/GroupActions';
import { Hint } from '../components/Hint/Hint';
import { InviteBlock } from '../components/InviteBlock/InviteBlock';
import { PredictionList } from '../components/PredictionList/PredictionList';
import { RankingList } from '../components/RankingList/RankingList';
import { GameDate, StageHeading } from '../components/StageHeading/StageHeading';
import { finalSpainEngland, germanyScotland, hungarySwitzerland, italyAlbania, ownLogin, playerNames, spainCroatia } from './fixtures';

/** Whole screens composed from the kit, the way apps/web lays them out. */
const meta = { title: 'Screens', parameters: { layout: 'fullscreen' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const groups = [
  { id: 'g-2024-a', name: 'Bolzplatz Legends', competitionYear: 2024 },
  { id: 'g-2024-b', name: 'Office Pool', competitionYear: 2024 },
];
const points = defaultPointConfiguration(2024);
const players = playerNames(11);
const guesses = [[5, 1], [2, 0], [3, 1], [1, 1], [2, 1], [4, 0], [0, 1], [3, 0], [2, 2], [1, 0], [6, 0]] as const;
const predictions = players.map((player, index) => {
  const [homeGoals, awayGoals] = guesses[index]!;
  const accuracy: Accuracy = accuracyOf({ homeGoals, awayGoals }, { homeGoals: 5, awayGoals: 1 });
  return { ...player, rank: index + 1, rankTrend: (['up', 'same', 'down'] as const)[index % 3]!, prediction: { gameId: 1, homeGoals, awayGoals, accuracy, points: pointsFor(accuracy, 'Group', points) } };
});
const now = '2024-06-15T14:00:00Z';

export const Dashboard: Story = {
  render: () => (
    <AppShell groups={groups} selectedGroupId="g-2024-a" currentYear={2024} currentPath="/" onSelectGroup={fn()}>
      <ChampionPicker teams={['de', 'es', 'gb-eng', 'fr', 'pt', 'nl']} pick="es" games={[germanyScotland]} now={now} winnerPoints={40} onPick={fn()} />
      <StageHeading stage="Group" points={points} />
      <GameDate date={germanyScotland.date} />
      <GameRow game={germanyScotland} prediction={{ homeGoals: 5, awayGoals: 1 }} now={now} onPredict={fn()}>
        <PredictionList predictions={predictions} ownLogin={ownLogin} playerCount={11} isCurrentGame={false} showAll={false} onToggleShowAll={fn()} />
      </GameRow>
      <GameDate date={hungarySwitzerland.date} />
      <GameRow game={hungarySwitzerland} prediction={{ homeGoals: 1, awayGoals: 1 }} now={now} onPredict={fn()} />
      <GameRow game={spainCroatia} prediction={{ homeGoals: 2, awayGoals: 0 }} now={now} onPredict={fn()} smallScreen={false} />
      <GameRow game={italyAlbania} prediction={undefined} now={now} onPredict={fn()} smallScreen={false} />
      <Hint kind="moreGamesFollow" />
    </AppShell>
  ),
};

export const Ranking: Story = {
  render: () => (
    <AppShell groups={groups} selectedGroupId="g-2024-a" currentYear={2024} currentPath="/ranking" onSelectGroup={fn()}>
      <RankingList
        groupName="Bolzplatz Legends"
        competitionName="Euro 2024"
        players={rankPlayers(players.map((player, index) => ({ ...player, points: 80 - index * 7 + (index === 2 ? 7 : 0), championPrediction: ['es', 'de', 'gb-eng', null, 'fr'][index % 5] })))}
        ownLogin="clara@example.com"
        maxPlayers={20}
        isCurrentYear
        competitionStarted
        onRename={fn()}
      />
      <InviteBlock groupId="6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b" groupName="Bolzplatz Legends" competitionName="Euro 2024" playerCount={11} maxPlayers={20} origin="https://scorecast.example" />
      <EnlargeGroup maxPlayers={20} options={upgradeOptions(20).map((option) => ({ ...option, currency: 'EUR' }))} onBuy={fn()} />
      <GroupActions groupId="6f1c2a9e4b7d4e0f9a3b5c7d1e2f4a6b" isCreator hasOwnGroup onDelete={fn()} onLeave={fn()} />
    </AppShell>
  ),
};

export const FinalDay: Story = {
  render: () => (
    <AppShell groups={groups} selectedGroupId="g-2024-a" currentYear={2024} currentPath="/" onSelectGroup={fn()}>
      <StageHeading stage="Final" />
      <GameDate date={finalSpainEngland.date} />
      <GameRow game={finalSpainEngland} prediction={{ homeGoals: 2, awayGoals: 1 }} now="2024-07-15T10:00:00Z" onPredict={fn()} />
    </AppShell>
  ),
};

/** The same screens in the dark theme and German, so axe checks their contrast and the texts fit. */
export const DashboardDarkGerman: Story = {
  ...Dashboard,
  globals: { theme: 'Dark', language: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Spielplan' })).toBeVisible();
    await expect(canvas.getByText('Schottland')).toBeVisible();
  },
};
export const RankingDarkGerman: Story = { ...Ranking, globals: { theme: 'Dark', language: 'de' } };
export const FinalDayDarkGerman: Story = { ...FinalDay, globals: { theme: 'Dark', language: 'de' } };

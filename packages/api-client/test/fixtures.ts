import type { Game, Group, User } from '../src/index.js';
import { defaultPointConfiguration } from '@scorecast/rules';

export const GROUP_ID = 'g7Qm2xVb9LpT4sKd8RzW1nHc';

export const user: User = {
  login: 'ada@example.com',
  name: 'Ada',
  language: 'en',
  theme: 'Default',
  championPredictions: [{ year: 2026, team: 'Brazil' }],
  notify: false,
  notifyOnMissingPrediction: false,
  notifyOnGameStart: false,
  notifyOnGameFinished: false,
  notifyOnGameChange: false,
};

export const game: Game = {
  id: 7,
  status: 'Live',
  date: '2026-06-11T19:00:00Z',
  stage: 'Group',
  homeTeam: 'Mexico',
  awayTeam: 'South Africa',
  homeGoals: 1,
  awayGoals: 0,
};

export const group: Group = {
  id: GROUP_ID,
  name: 'Office',
  creator: 'ada@example.com',
  competitionYear: 2026,
  maxPlayers: 10,
  players: [{ login: 'ada@example.com', name: 'Ada', championPrediction: 'Brazil', predictions: [], rank: 1, points: 0 }],
  pointConfiguration: defaultPointConfiguration(2026),
};

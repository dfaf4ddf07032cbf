import type { Competition, Language } from '@scorecast/rules';

export const shareTexts: Record<Language, { competition: Record<Competition, string>; asOf: string; points: string; players: (count: number) => string }> = {
  en: {
    competition: {
      EuropeanChampionship: 'European Championship {year}',
      WomensEuropeanChampionship: "Women's European Championship {year}",
      WorldCup: 'World Cup {year}',
      WomensWorldCup: "Women's World Cup {year}",
    },
    asOf: 'Standings of {day}',
    points: 'pts',
    players: (count) => (count === 1 ? '1 player' : `${count} players`),
  },
  de: {
    competition: {
      EuropeanChampionship: 'Europameisterschaft {year}',
      WomensEuropeanChampionship: 'Frauen-Europameisterschaft {year}',
      WorldCup: 'Weltmeisterschaft {year}',
      WomensWorldCup: 'Frauen-Weltmeisterschaft {year}',
    },
    asOf: 'Tabelle vom {day}',
    points: 'Pkt.',
    players: (count) => (count === 1 ? '1 Spieler' : `${count} Spieler`),
  },
};

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../format/formatDay';
import * as styles from './RankHistoryChart.css';

/** One player's line: their rank after each step (undefined before they joined). */
export type RankLine = { login: string; name: string; ranks: readonly (number | undefined)[] };

export type RankHistoryChartProps = {
  /** Each Finished game in the order played, with its day (`YYYY-MM-DD`) (rules' finishedRankHistory). */
  steps: readonly { gameId: number; day: string }[];
  lines: readonly RankLine[];
  ownLogin: string;
  /** Players the viewer picked: drawn highlighted, on top of the others. */
  selected: readonly string[];
  onToggle: (login: string) => void;
};

// Drawn at the width it is shown at, one unit a pixel, so its labels keep their size on a wide
// screen instead of growing with it; a phone's width until measured.
const PHONE_WIDTH = 360;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 72, bottom: 28, left: 32 };
/** A generous width of one character of a name label (chart units), so the longest name fits. */
const NAME_CHAR_WIDTH = 7.5;
/** Day labels closer than this (in chart units) would overlap: only the first of them is written. */
const LABEL_GAP = 44;
/** Name labels closer than this (chart units) would overlap: the lower one moves down. */
const NAME_LINE = 13;

/** Ranks after every Finished game as lines (own highlighted, picked players on top, others muted), with the same figures as a table. */
export function RankHistoryChart({ steps, lines, ownLogin, selected, onToggle }: RankHistoryChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const chartRef = useRef<SVGSVGElement>(null);
  const width = useShownWidth(chartRef);
  const kindOf = (login: string) => (login === ownLogin ? 'own' : selected.includes(login) ? 'selected' : 'other');
  const worst = Math.max(1, ...lines.flatMap((line) => line.ranks.map((rank) => rank ?? 1)));
  const named = lines.filter((line) => kindOf(line.login) !== 'other');
  // Room on the right for the longest name written at its line's end (names have at most 24 characters).
  const right = Math.max(MARGIN.right, ...named.map((line) => 10 + NAME_CHAR_WIDTH * [...line.name].length));
  const x = (step: number) => MARGIN.left + (steps.length < 2 ? 0 : (step * (width - MARGIN.left - right)) / (steps.length - 1));
  const y = (rank: number) => MARGIN.top + (worst < 2 ? 0 : ((rank - 1) * (HEIGHT - MARGIN.top - MARGIN.bottom)) / (worst - 1));
  const order = { other: 0, selected: 1, own: 2 } as const;
  const drawn = [...lines].sort((a, b) => order[kindOf(a.login)] - order[kindOf(b.login)]);
  const dayTicks = steps.flatMap((step, index) => (index === 0 || steps[index - 1]!.day !== step.day ? [{ index, day: step.day }] : [])).filter((tick, index, ticks) => index === 0 || x(tick.index) - x(ticks[index - 1]!.index) >= LABEL_GAP);
  const rankTicks = [...new Set([1, Math.ceil(worst / 2), worst])];
  const nameLabels = stackedLabels(named.flatMap((line) => (line.ranks.at(-1) === undefined ? [] : [{ line, y: y(line.ranks.at(-1)!) + 3 }])));

  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('race.history.title')}
      </h2>
      {steps.length === 0 ? (
        <p className={styles.muted}>{t('race.history.empty')}</p>
      ) : (
        <>
          <svg ref={chartRef} className={styles.chart} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descriptionId}`} data-steps={steps.length}>
            <desc id={descriptionId}>{t('race.history.chart', { names: named.map((line) => line.name).join(', ') })}</desc>
            <line className={styles.axis} x1={MARGIN.left} x2={width - right} y1={HEIGHT - MARGIN.bottom + 8} y2={HEIGHT - MARGIN.bottom + 8} />
            {rankTicks.map((rank) => (
              <text key={rank} className={styles.label} x={MARGIN.left - 8} y={y(rank) + 3} textAnchor="end">
                {rank}.
              </text>
            ))}
            {dayTicks.map((tick) => (
              <text key={tick.index} className={styles.label} x={x(tick.index)} y={HEIGHT - 6} textAnchor="middle">
                {formatDay(tick.day).slice(0, 6)}
              </text>
            ))}
            {drawn.map((line) => {
              const points = line.ranks.flatMap((rank, step) => (rank === undefined ? [] : [`${x(step)},${y(rank)}`]));
              const kind = kindOf(line.login);
              return steps.length === 1 ? (
                <circle key={line.login} className={styles.line[kind]} cx={x(0)} cy={y(line.ranks[0] ?? 1)} r={3} data-login={line.login} />
              ) : (
                <polyline key={line.login} className={styles.line[kind]} points={points.join(' ')} data-login={line.login} />
              );
            })}
            {nameLabels.map(({ line, y: labelY }) => (
              <text key={line.login} className={styles.name} x={x(steps.length - 1) + 6} y={labelY}>
                {line.name}
              </text>
            ))}
          </svg>
          <ul className={styles.players} aria-label={t('race.history.show')}>
            {lines
              .filter((line) => line.login !== ownLogin)
              .map((line) => (
                <li key={line.login} className={styles.player}>
                  <button type="button" className={styles.toggle} aria-pressed={selected.includes(line.login)} onClick={() => onToggle(line.login)}>
                    {line.name}
                  </button>
                </li>
              ))}
          </ul>
          <details>
            <summary>{t('race.history.showTable')}</summary>
            <div className={styles.scroller} tabIndex={0} role="region" aria-label={t('race.history.caption')}>
              <table className={styles.table}>
                <caption className={styles.muted}>{t('race.history.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={styles.cell}>
                      {t('race.history.player')}
                    </th>
                    {steps.map((step, index) => (
                      <th key={step.gameId} scope="col" className={styles.number}>
                        {t('race.history.afterGame', { number: index + 1, day: formatDay(step.day) })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.login} className={line.login === ownLogin ? styles.own : undefined}>
                      <th scope="row" className={styles.cell}>
                        {line.name}
                      </th>
                      {line.ranks.map((rank, index) => (
                        <td key={steps[index]?.gameId ?? index} className={styles.number}>
                          {rank === undefined ? '–' : `${rank}.`}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

/**
 * Labels at their lines' ends, top to bottom, each at least a line below the one above (players
 * level on points end on the same rank), then moved up as far as the last one overran the chart.
 */
function stackedLabels<Label extends { y: number }>(labels: readonly Label[]): Label[] {
  const stacked = [...labels].sort((a, b) => a.y - b.y).map((label) => ({ ...label }));
  stacked.forEach((label, index) => {
    if (index > 0) label.y = Math.max(label.y, stacked[index - 1]!.y + NAME_LINE);
  });
  for (let index = stacked.length - 1, bottom = HEIGHT - 4; index >= 0; index--, bottom -= NAME_LINE) {
    stacked[index]!.y = Math.min(stacked[index]!.y, bottom);
  }
  return stacked;
}

/** The element's width on screen in whole pixels, followed as the page resizes. */
function useShownWidth(ref: RefObject<Element | null>): number {
  const [width, setWidth] = useState(PHONE_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const shown = Math.round(entry?.contentRect.width ?? 0);
      if (shown > 0) setWidth(shown);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

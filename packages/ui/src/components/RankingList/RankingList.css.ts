import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const summary = style({ margin: 0, color: vars.color.textMuted });
export const ownRank = style({ margin: 0, fontWeight: 700 });
export const live = style({ margin: 0 });
export const liveMark = style({ color: vars.color.live, fontWeight: 700 });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const player = style({
  display: 'grid',
  gridTemplateColumns: '2.5em 1fr auto',
  gridTemplateAreas: '"rank name points" "rank champion champion"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  // Fixed column widths in rem, not em or auto: each row is its own grid, and the column names above
  // are set smaller, so only widths independent of font size and content keep the columns aligned.
  '@media': { '(min-width: 1000px)': { gridTemplateColumns: '5rem minmax(0, 1fr) 17rem 6rem', gridTemplateAreas: '"rank name champion points"' } },
});
/** The column names above the list, on wide screens where the columns stand side by side. */
export const columns = style([
  player,
  {
    display: 'none',
    padding: `0 ${vars.space.md}`,
    borderBottom: 'none',
    fontSize: vars.font.size.sm,
    fontWeight: 600,
    color: vars.color.textMuted,
    '@media': { '(min-width: 1000px)': { display: 'grid' } },
  },
]);
export const own = style({ background: vars.color.ownRow });
export const rank = style({ gridArea: 'rank', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
// Every name line is as tall as the own row's rename button, so the own row is no taller than the others.
export const name = style({ gridArea: 'name', display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0, minHeight: '44px', fontWeight: 600, overflowWrap: 'anywhere' });
export const points = style({ gridArea: 'points', fontWeight: 800, fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' });
export const champion = style({ gridArea: 'champion', display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const renameForm = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', gridColumn: '2 / -1' });
export const renameInput = style({ width: 'auto', flex: 1, minWidth: '10em' });
// On the own row's colour the error's red read poorly in the dark theme: it sits on the page's surface.
export const renameError = style({ flexBasis: '100%', padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.sm, background: vars.color.surface });
// The column names are one short line, not as tall as a row with its rename button.
globalStyle(`${columns} > *`, { minHeight: 0 });

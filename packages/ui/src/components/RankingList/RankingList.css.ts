import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const summary = style({ margin: 0, color: vars.color.textMuted });
export const ownRank = style({ margin: 0, fontWeight: 700 });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const player = style({
  display: 'grid',
  gridTemplateColumns: '2.5em 1fr auto',
  gridTemplateAreas: '"rank name points" "rank champion champion"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { '(min-width: 1000px)': { gridTemplateColumns: '2.5em 1fr 14em 4em', gridTemplateAreas: '"rank name champion points"' } },
});
export const own = style({ background: vars.color.ownRow });
export const rank = style({ gridArea: 'rank', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const name = style({ gridArea: 'name', display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0, fontWeight: 600 });
export const points = style({ gridArea: 'points', fontWeight: 800, fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
export const champion = style({ gridArea: 'champion', display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const renameForm = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', gridColumn: '2 / -1' });
export const renameInput = style({ width: 'auto', flex: 1, minWidth: '10em' });
export const renameError = style({ flexBasis: '100%' });

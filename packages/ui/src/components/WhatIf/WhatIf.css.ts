import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  margin: `${vars.space.sm} 0`,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.accent}`,
  background: vars.color.surface,
});
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
/** Home goals, colon, away goals; each side with its plus and minus. */
export const board = style({ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', justifyItems: 'center', gap: vars.space.sm });
export const side = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const team = style({ fontSize: vars.font.size.sm, textAlign: 'center', overflowWrap: 'anywhere' });
export const goals = style({ minWidth: '1.5em', fontSize: vars.font.size.xl, fontWeight: 800, textAlign: 'center', fontVariantNumeric: 'tabular-nums' });
export const colon = style({ fontSize: vars.font.size.xl, fontWeight: 800 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}` });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const own = style({ background: vars.color.ownRow, fontWeight: 700 });
export const trend = styleVariants({
  up: { color: vars.color.positive },
  down: { color: vars.color.negative },
  same: { color: vars.color.textMuted },
});
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });

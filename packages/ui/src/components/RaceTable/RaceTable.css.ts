import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** On a phone the table scrolls sideways inside its box rather than widening the page. */
export const scroller = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const own = style({ background: vars.color.ownRow, fontWeight: 700 });
export const out = style({ color: vars.color.textMuted });
export const marker = styleVariants({
  inRace: { color: vars.color.positive },
  out: { color: vars.color.negative, fontStyle: 'italic' },
});
export const champion = styleVariants({
  in: { color: vars.color.positive },
  eliminated: { color: vars.color.negative, textDecoration: 'line-through' },
  champion: { color: vars.color.positive, fontWeight: 700 },
});

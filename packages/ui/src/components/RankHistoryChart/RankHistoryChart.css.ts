import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const chart = style({ display: 'block', boxSizing: 'border-box', width: '100%', background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const label = style({ fill: vars.color.textMuted, fontSize: '11px', fontFamily: vars.font.body });
export const name = style({ fill: vars.color.text, fontSize: '11px', fontWeight: 700, fontFamily: vars.font.body });
export const line = styleVariants({
  other: { stroke: vars.color.textMuted, strokeOpacity: 0.5, strokeWidth: 1.5, fill: 'none' },
  selected: { stroke: vars.color.warning, strokeWidth: 2.5, fill: 'none' },
  own: { stroke: vars.color.accent, strokeWidth: 3.5, fill: 'none' },
});
export const players = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
// A name of 24 letters without a space is wider than a phone: it wraps inside its button.
export const player = style({ minWidth: 0, maxWidth: '100%' });
export const toggle = style({
  maxWidth: '100%',
  overflowWrap: 'anywhere',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.round,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.warning, fontWeight: 700 } },
});
export const scroller = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const table = style({ borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const own = style({ background: vars.color.ownRow, fontWeight: 700 });

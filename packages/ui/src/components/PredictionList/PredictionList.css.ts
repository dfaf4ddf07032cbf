import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: `${vars.space.sm} 0`, containerType: 'inline-size' });
export const table = style({ width: '100%', maxWidth: '640px', margin: '0 auto', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
// Five columns share a phone's width: in a narrow list the cells pad less.
const narrowPadding = { '@container': { '(max-width: 480px)': { padding: `${vars.space.xs} ${vars.space.xs}` } } };
export const head = style({ ...narrowPadding, padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', fontWeight: 600, color: vars.color.textMuted, borderBottom: `1px solid ${vars.color.border}` });
export const headNumber = style([head, { textAlign: 'right' }]);
// The rank and its arrow stay on one line whatever the name beside them.
export const rankCell = style({ whiteSpace: 'nowrap', width: '1%' });
// A long name breaks between words, and only inside a word that cannot fit at all.
export const name = style({ minWidth: '7em', overflowWrap: 'anywhere', hyphens: 'auto' });
export const cell = style({ ...narrowPadding, padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}` });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
// When a prediction was last changed: a small line under it, in the row's normal weight.
// It may break between its words ("getippt", the day, the time): on one line it pushed the points
// past a phone's edge.
export const changedAt = style({ display: 'block', fontSize: '0.75em', fontWeight: 400, color: vars.color.textMuted, whiteSpace: 'normal' });
export const own = style({ background: vars.color.ownRow, fontWeight: 700 });
export const trend = styleVariants({
  up: { color: vars.color.positive },
  down: { color: vars.color.negative },
  same: { color: vars.color.textMuted },
});
export const accuracy = styleVariants({
  exact: { color: vars.color.positive, fontWeight: 700 },
  exactTrend: { color: vars.color.positive },
  trend: { color: vars.color.text },
  wrong: { color: vars.color.textMuted },
});
export const hidden = style({ color: vars.color.textMuted, fontStyle: 'italic' });
export const toggle = style({ alignSelf: 'center' });

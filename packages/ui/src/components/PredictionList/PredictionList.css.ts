import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: `${vars.space.sm} 0` });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}` });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
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

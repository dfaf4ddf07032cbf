import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const countdown = style({
  margin: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.brandText,
  textAlign: 'center',
});
export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 600 });
// Three equal columns: at 390 px '58 Minuten' wraps inside its own column instead of days and hours
// on one line and the minutes alone on the next.
export const parts = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', maxWidth: '36rem', gap: vars.space.sm, overflowWrap: 'break-word', margin: `${vars.space.sm} auto 0`, padding: 0, listStyle: 'none', fontSize: vars.font.size.lg, fontWeight: 800, fontVariantNumeric: 'tabular-nums' });

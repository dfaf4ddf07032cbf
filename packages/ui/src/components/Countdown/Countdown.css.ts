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
export const parts = style({ display: 'flex', justifyContent: 'center', gap: vars.space.lg, flexWrap: 'wrap', margin: `${vars.space.sm} 0 0`, padding: 0, listStyle: 'none', fontSize: vars.font.size.lg, fontWeight: 800, fontVariantNumeric: 'tabular-nums' });

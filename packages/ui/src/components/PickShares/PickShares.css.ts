import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: `${vars.space.sm} 0`, fontSize: vars.font.size.sm });
export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.textMuted });
/** One bar split by the three shares; the list below says the same in words. */
export const bar = style({ display: 'flex', height: '10px', borderRadius: vars.radius.sm, overflow: 'hidden', background: vars.color.surfaceRaised });
export const share = styleVariants({
  home: { background: vars.color.accent },
  draw: { background: vars.color.textMuted },
  away: { background: vars.color.warning },
});
export const outcomes = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const outcome = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const swatch = style({ display: 'inline-block', width: '0.8em', height: '0.8em', borderRadius: vars.radius.sm });
export const percent = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const scores = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const score = style({ padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, fontVariantNumeric: 'tabular-nums' });

import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const countdown = style({
  margin: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.brandText,
  textAlign: 'center',
});
export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 600 });
// Days, hours and minutes side by side, each whole on one line: the columns take their words' width
// and the type shrinks a little on a phone, so '54 minutes' and '23 Stunden' fit at 390 px.
const figures = style({
  margin: `${vars.space.sm} auto 0`,
  fontSize: `clamp(${vars.font.size.md}, 4.5vw, ${vars.font.size.lg})`,
  fontWeight: 800,
  fontVariantNumeric: 'tabular-nums',
});
export const parts = style([
  figures,
  {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, auto)',
    justifyContent: 'space-evenly',
    maxWidth: '36rem',
    gap: vars.space.sm,
    whiteSpace: 'nowrap',
    padding: 0,
    listStyle: 'none',
  },
]);
/** The last minute, in words: one line in the middle, not in the first of three columns. */
export const lastMinute = figures;

import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  // A schedule holds up to 104 games: rows off screen skip layout and paint until scrolled to.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 120px',
  // Beside the countdown and champion cards on a wide screen: the same inset, so the edges line up.
  '@media': { '(min-width: 1000px)': { marginInline: vars.space.lg } },
});
/** While its full-screen picker is open a row must not contain it (content-visibility confines fixed children). */
export const picking = style({ contentVisibility: 'visible' });
export const meta = style({ display: 'flex', justifyContent: 'space-between', fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const match = style({ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', gap: vars.space.md });
export const home = style({ display: 'flex', justifyContent: 'flex-end', minWidth: 0, textAlign: 'right' });
export const away = style({ display: 'flex', minWidth: 0 });
// Below the small-screen threshold the flag stands above the name, so a name has the whole half of
// the row: 'Deutschland' and 'Elfenbeinküste' stay whole at 390 px, longer names wrap between words.
const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const homeLabel = style([label, { flexDirection: 'row-reverse', '@media': { '(max-width: 999px)': { flexDirection: 'column', alignItems: 'flex-end', gap: vars.space.xs } } }]);
export const awayLabel = style([label, { flexDirection: 'row', '@media': { '(max-width: 999px)': { flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xs } } }]);
// A long name ('Bosnien und Herzegowina', 'Elfenbeinküste') wraps, and a single long word breaks,
// rather than pushing the row past a 390 px screen.
export const teamName = style({ minWidth: 0, maxWidth: '100%', overflowWrap: 'break-word', hyphens: 'auto' });
export const score = style({ fontSize: vars.font.size.lg, fontWeight: 800, fontVariantNumeric: 'tabular-nums', minWidth: '3em', textAlign: 'center' });
export const ownPrediction = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted, textAlign: 'center' });
export const status = styleVariants({
  Scheduled: {},
  Started: { color: vars.color.live, fontWeight: 700 },
  Live: { color: vars.color.live, fontWeight: 700 },
  Finished: {},
});
export const noDraw = style({ margin: 0, color: vars.color.warning, fontSize: vars.font.size.sm, textAlign: 'center' });

import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const screen = style({
  position: 'fixed',
  inset: 0,
  zIndex: 10,
  background: vars.color.background,
  color: vars.color.text,
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.lg,
  gap: vars.space.lg,
  boxSizing: 'border-box',
  overflowY: 'auto',
  // Its buttons are laid out by its own width (see footer).
  containerType: 'inline-size',
});
export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const gameInfo = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
/** Names, plus, goals and minus in rows shared by both teams, so the colon sits on the digits' line. */
export const board = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  gridTemplateRows: 'auto auto auto auto',
  justifyItems: 'center',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.md,
  margin: 'auto 0',
});
export const column = styleVariants({ home: { gridColumn: 1 }, away: { gridColumn: 3 } });
export const team = style({ gridRow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, textAlign: 'center', alignSelf: 'end' });
export const teamName = style({ overflowWrap: 'anywhere', hyphens: 'auto' });
export const arrow = style({
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.accent,
  fontSize: '2rem',
  lineHeight: 1,
  fontWeight: 700,
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  selectors: { '&:disabled': { borderColor: vars.color.border, color: vars.color.textMuted, cursor: 'not-allowed' } },
});
export const up = style({ gridRow: 2 });
export const down = style({ gridRow: 4 });
const digits = { fontSize: '3rem', lineHeight: 1, fontWeight: 800, fontVariantNumeric: 'tabular-nums' } as const;
export const goals = style({ ...digits, gridRow: 3, minWidth: '1.5em', textAlign: 'center' });
export const colon = style({ ...digits, gridRow: 3, gridColumn: 2 });
export const noDraw = style({ margin: 0, minHeight: '1.5em', color: vars.color.warning, textAlign: 'center', fontSize: vars.font.size.sm });
// On a narrow phone (320 px) three buttons in a row left no room for 'Vorheriges' and 'Nächstes':
// there Previous and Next share a row and Done takes the one below.
const NARROW = '(max-width: 359.98px)';
export const footer = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr 1fr',
  gap: vars.space.sm,
  '@container': { [NARROW]: { gridTemplateColumns: '1fr 1fr' } },
});
export const stepButton = style({ padding: `0 ${vars.space.sm}`, minWidth: 0, overflowWrap: 'anywhere' });
export const doneButton = style({ '@container': { [NARROW]: { gridColumn: '1 / -1', gridRow: 2 } } });

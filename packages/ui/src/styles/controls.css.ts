import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const focusRing = {
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
} as const;

const buttonBase = style({
  ...focusRing,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  border: `1px solid ${vars.color.accent}`,
  // A disabled button is drawn in quiet colours that still read (AA), not faded to a ghost.
  selectors: {
    '&:disabled': { background: vars.color.surfaceRaised, color: vars.color.textMuted, borderColor: vars.color.border, cursor: 'not-allowed' },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.accentText }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  danger: [buttonBase, { background: vars.color.negative, color: vars.color.surface, borderColor: vars.color.negative }],
});

export const iconButton = style({
  ...focusRing,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  borderRadius: vars.radius.round,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.lg,
  cursor: 'pointer',
});

export const textInput = style({
  ...focusRing,
  minHeight: '44px',
  width: '100%',
  boxSizing: 'border-box',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.negative },
    // Locked point fields must look locked, not merely refuse input.
    '&:disabled': { background: vars.color.surfaceRaised, color: vars.color.textMuted, borderStyle: 'dashed', cursor: 'not-allowed' },
  },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontWeight: 600, fontSize: vars.font.size.sm });
export const fieldError = style({ color: vars.color.negative, fontSize: vars.font.size.sm, margin: 0 });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const heading = style({ margin: 0, fontSize: vars.font.size.lg });
/** The one title of a screen (its h1): the same size on Ranking, Settings, the group form and change password. */
export const pageTitle = style({ margin: 0, fontSize: vars.font.size.xl, lineHeight: 1.2, overflowWrap: 'break-word' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: 0 });
export const row = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  zIndex: 10,
});

// A page's heading takes the focus by script as the page opens or a popup closes without its opener
// (see hooks/pageHeading.ts): a start for the keyboard and for screen readers, not a control, so no
// frame is drawn round it.
globalStyle('h1[tabindex="-1"]:focus', { outline: 'none' });

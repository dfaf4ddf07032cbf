import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'flex-start' });
export const switchRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer', minHeight: '44px', selectors: { '&:has(input:disabled)': { color: vars.color.textMuted, cursor: 'not-allowed' } } });

/** A checkbox drawn as a switch; it stays a real checkbox for keyboards and screen readers. */
export const switchInput = style({
  appearance: 'none',
  margin: 0,
  width: '44px',
  height: '26px',
  flexShrink: 0,
  borderRadius: vars.radius.round,
  background: vars.color.surfaceRaised,
  border: `2px solid ${vars.color.textMuted}`,
  position: 'relative',
  cursor: 'pointer',
  transition: 'background 0.15s',
  '::before': {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '18px',
    height: '18px',
    borderRadius: vars.radius.round,
    background: vars.color.textMuted,
    transition: 'transform 0.15s',
  },
  selectors: {
    '&:checked': { background: vars.color.accent, borderColor: vars.color.accent },
    '&:checked::before': { transform: 'translateX(18px)', background: vars.color.accentText },
    // Disabled, a switch keeps its position (the stored choice) but loses its colour: a green one
    // under a main switch that is off read as on.
    '&:disabled': { borderStyle: 'dashed', cursor: 'not-allowed' },
    '&:checked:disabled': { background: vars.color.surfaceRaised, borderColor: vars.color.textMuted },
    '&:checked:disabled::before': { background: vars.color.textMuted },
  },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

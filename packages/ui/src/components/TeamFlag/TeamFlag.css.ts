import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const flag = style({
  width: '28px',
  height: '21px',
  objectFit: 'cover',
  borderRadius: '2px',
  boxShadow: `0 0 0 1px ${vars.color.border}`,
  flexShrink: 0,
});

/** Shown instead of a flag image that failed to load: the team's code in a neutral box. */
export const missing = style([
  flag,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    fontSize: '0.625rem',
    fontWeight: 700,
    textTransform: 'uppercase',
  },
]);

export const team = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

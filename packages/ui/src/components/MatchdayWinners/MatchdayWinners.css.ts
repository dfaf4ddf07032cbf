import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg });
export const title = style({ margin: 0, fontSize: vars.font.size.lg });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm, background: vars.color.surface, borderRadius: vars.radius.md });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, textAlign: 'left', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const number = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
// Names of 24 letters without a space break inside themselves rather than widen the page.
export const names = style([cell, { overflowWrap: 'anywhere' }]);
export const own = style({ fontWeight: 700, color: vars.color.positive });

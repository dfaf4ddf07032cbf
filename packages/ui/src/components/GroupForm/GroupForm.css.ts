import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg, maxWidth: '720px' });
export const choice = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, border: 'none', padding: 0, margin: 0 });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px', cursor: 'pointer' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const th = style({ textAlign: 'left', fontSize: vars.font.size.sm, padding: vars.space.xs, verticalAlign: 'bottom' });
export const td = style({ padding: vars.space.xs });
export const pointInput = style({ width: '4.5em', textAlign: 'center' });
export const buttons = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

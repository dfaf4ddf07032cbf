import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const block = style({ margin: vars.space.lg });
// Each way to invite as wide as its label, a row filled out: in equal columns, German labels broke in two beside others that did not.
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
globalStyle(`${actions} > *`, { flex: '1 1 auto', textAlign: 'center' });
// The line of "copied" keeps its place while it says nothing: going after its moment, it pulled the cards below up.
export const copiedNote = style({ minHeight: '1lh' });

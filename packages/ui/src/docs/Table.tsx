import type { CSSProperties } from 'react';

const cell: CSSProperties = { padding: '6px 10px', borderBottom: '1px solid #c5cad3', textAlign: 'left', verticalAlign: 'top' };

/**
 * A plain table for the docs pages (the MDX here has no table syntax): the first column names a
 * state or a place, the others say what belongs to it.
 */
export function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', margin: '16px 0' }}>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} style={{ ...cell, fontWeight: 700 }} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row" style={{ ...cell, whiteSpace: 'nowrap' }}>
              {first}
            </th>
            {rest.map((text, index) => (
              <td key={index} style={cell}>
                {text}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonBytes } from '../src/scoring/jsonBytes.js';

describe('JSON written as bytes', () => {
  it('reads back as JSON.stringify writes the same strings and numbers, whatever they hold', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))), (values) => {
        const json = new JsonBytes(8);
        json.ascii('[');
        values.forEach((value, at) => {
          if (at > 0) json.ascii(',');
          if (typeof value === 'string') json.string(value);
          else json.number(value);
        });
        json.ascii(']');
        expect(json.view(0).toString('utf8')).toBe(JSON.stringify(values));
      }),
    );
  });

  it('keeps each view as written while more is written past its capacity, and rewinds', () => {
    const json = new JsonBytes(4);
    json.string('ann@example.com');
    const first = json.view(0);
    const start = json.length;
    json.ascii(',');
    json.number(1234567);
    json.length = start;
    json.string('bob');
    expect(first.toString()).toBe('"ann@example.com"');
    expect(json.view(start).toString()).toBe('"bob"');
    json.reset();
    json.number(0);
    expect(json.view(0).toString()).toBe('0');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textFrameHeader } from '../src/live/hub.js';
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

  it('makes room ahead, keeping what was written, and then writes that much without growing', () => {
    const json = new JsonBytes(1 << 16);
    json.string('ann');
    json.reserveTotal(1 << 20);
    const room = json.view(0).buffer;
    expect(room.byteLength).toBeGreaterThanOrEqual(1 << 20);
    while (json.length < (1 << 20) - 16) json.ascii(',1234567');
    expect(json.view(0).buffer).toBe(room);
    expect(json.view(0).subarray(0, 13).toString()).toBe('"ann",1234567');
    // Less room than there is already changes nothing.
    json.reserveTotal(16);
    expect(json.view(0).buffer).toBe(room);
  });
});

describe('a text frame header', () => {
  it('says the length in 7 bits, 16 bits or 64 bits, as RFC 6455 has it', () => {
    expect([...textFrameHeader(125)]).toEqual([0x81, 125]);
    expect([...textFrameHeader(126)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrameHeader(65_535)]).toEqual([0x81, 126, 0xff, 0xff]);
    expect([...textFrameHeader(65_536)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect([...textFrameHeader(2 ** 32 + 5)]).toEqual([0x81, 127, 0, 0, 0, 1, 0, 0, 0, 5]);
  });
});

import fc from 'fast-check';

/** Values a careless or hostile client might put anywhere in a body. */
export const junkValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom('', ' ', 'Dark', 'de', 'es', '2024-06-14T19:00:00Z', '__proto__', 'x'.repeat(300), '<script>', "'; DROP TABLE users; --"),
  fc.constantFrom(-1, 0, 1, 100, 1e12, Number.MAX_SAFE_INTEGER),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** A valid body with one field replaced by junk, removed, or a stray field added. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: junkValue }).map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const { [key]: _removed, ...rest } = valid;
      return rest;
    }),
    junkValue,
    fc.jsonValue(),
  );
}

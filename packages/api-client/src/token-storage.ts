/** Where the Bearer token lives: the browser's localStorage, or anything with the same three methods. */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The key under which the token is kept. */
export const TOKEN_KEY = 'token';

/**
 * A token storage kept in memory, for Node and tests.
 *
 * @example
 * const storage = createMemoryTokenStorage();
 * storage.setItem(TOKEN_KEY, 'abc');
 */
export function createMemoryTokenStorage(entries?: Iterable<[string, string]>): TokenStorage {
  const values = new Map(entries);
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** The browser's localStorage when there is one, else a storage in memory (Node, workers). */
export function defaultTokenStorage(): TokenStorage {
  return typeof globalThis.localStorage === 'undefined' ? createMemoryTokenStorage() : globalThis.localStorage;
}

/** The stored token, or undefined. */
export function readToken(storage: TokenStorage): string | undefined {
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

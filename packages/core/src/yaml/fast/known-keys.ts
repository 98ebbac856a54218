/**
 * Plain mapping keys the loader has already defined as properties, handed out again for an
 * equal key read later (the next list item, the next record of the same contract). A key sliced
 * fresh from its line is a string V8 has never hashed: every property lookup and store with it
 * first looks it up in V8's process-wide string table (a tenth of the loader's time on agent
 * artifacts). A string that has been a property name is internalized, and lookups skip that.
 *
 * A small direct-mapped table: a collision only misses. Only keys already stored as properties
 * enter it, which V8 has then internalized (a sliced key becomes a reference to its internalized
 * copy): an entry never holds its source text alive. Only plain keys that are their own
 * core-schema key string (`title`, not `1.0` or `~`) enter it, so a hit needs no resolving.
 */
const SLOTS = 1024;
const known: string[] = new Array<string>(SLOTS).fill('');

function slotOf(key: string): number {
  // Length and end characters tell apart most keys of one contract; NaN (an empty key) is slot 0.
  return (key.length * 31 + key.charCodeAt(0) * 7 + key.charCodeAt(key.length - 1)) & (SLOTS - 1);
}

/**
 * The remembered key equal to the plain key `raw`, or undefined.
 *
 * @example
 * knownPlainKey(line.slice(2, 7)) // 'title' once a mapping has held it
 */
export function knownPlainKey(raw: string): string | undefined {
  const seen = known[slotOf(raw)]!;
  return seen === raw ? seen : undefined;
}

/**
 * Remembers a plain key, its own core-schema key string, just defined as a property.
 *
 * @example
 * defineOwnKey(map, key, value); rememberPlainKey(key);
 */
export function rememberPlainKey(key: string): void {
  known[slotOf(key)] = key;
}

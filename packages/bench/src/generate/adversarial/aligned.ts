/**
 * Adversarial families for the schema-aligned readings (accent-folded
 * keys and mentions, yes/no and caseless booleans, catchall values, union keys kept).
 * The suite parses them with `z.unknown()`, which measures the parse path of these
 * shapes; their readings against a contract are held linear by counted work in
 * core's src/normalize/aligned-leftovers.test.ts.
 */
import { grow, type AdversarialFamily } from './family.js';

export const ALIGNED_FAMILIES: readonly AdversarialFamily[] = [
  {
    id: 'accented_keys',
    label: 'a list of objects with accented keys (`{"señorx1": 1}`), each key folded once when no field is spelled alike',
    // Small objects: one object of a million distinct keys measures V8's dictionary growth, not Airlock.
    make: (size) => grow(size, '[', (i) => `{"señorx${i % 97}": 1, "título": 2}, `, '{}]'),
  },
  {
    id: 'folded_mentions',
    label: 'prose of unaccented and boolean words (`the senor yes TRUE no`), each word folded once per form',
    make: (size) => grow(size, '', () => 'the senor yes TRUE no False ', ''),
  },
  {
    id: 'union_key_objects',
    label: 'a list of objects whose keys two union branches read differently (`{"a": 1, "b": 2}`)',
    make: (size) => grow(size, '[', () => '{"a": 1, "b": 2}, ', '{"a": 1}]'),
  },
];

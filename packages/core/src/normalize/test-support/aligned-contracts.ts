import { z } from 'zod';
import { defineContract } from '../../contract/define-contract.js';

const sentiment = z.enum(['POSITIVE', 'NEGATIVE', 'NEUTRAL']);
const circle = z.object({ function_name: z.string(), radius: z.number() });
const rectangle = z.object({ function_name: z.string(), length: z.number(), breadth: z.number() });

/** Contracts the schema-aligned fixtures refer to by name in expected.json. */
export const ALIGNED_CONTRACTS = {
  sentiment,
  category: z.enum(['ONE', 'TWO']),
  pascal: z.enum(['One', 'Two']),
  spam: z.enum(['SPAM', 'NOT_SPAM']),
  cars: z.enum(['car', 'car-2']),
  accents: z.enum(['café', 'thé']),
  aliased: defineContract({
    name: 'aliased',
    schema: z.enum(['ONE', 'TWO', 'THREE']),
    enumAliases: { ONE: ['k1'], TWO: ['k-2-3.1_1'], THREE: ['NUMBER THREE'] },
  }),
  synonyms: defineContract({ name: 'synonyms', schema: sentiment, synonyms: { '': { map: { POSITIVE: ['upbeat'], NEGATIVE: ['gloomy'] } } } }),
  literal: z.literal('TWO'),
  literalInts: z.union([z.literal(2), z.literal(3)]),
  literalMixed: z.union([z.literal(1), z.literal(true), z.literal('THREE')]),
  amount: z.number(),
  count: z.number().int(),
  flag: z.boolean(),
  answer: z.string(),
  numberOrText: z.union([z.number(), z.string()]),
  fooNumber: z.object({ foo: z.number() }),
  fooBoolean: z.object({ foo: z.boolean() }),
  fooString: z.object({ foo: z.string() }),
  nested: z.object({ foo: z.object({ bar: z.string() }) }),
  hi: z.object({ hi: z.array(z.string()) }),
  hiList: z.array(z.object({ hi: z.array(z.string()) })),
  resume: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().optional(), skills: z.array(z.string()) }),
  review: z.object({ verdict: z.enum(['approve', 'request_changes']), score: z.number(), tags: z.array(z.string()) }),
  shapes: z.union([circle, rectangle]),
  functions: z.array(z.object({ selected: z.union([circle, z.object({ function_name: z.string(), diameter: z.number() }), rectangle]) })),
  toolCall: z.discriminatedUnion('tool', [
    z.object({ tool: z.literal('search'), query: z.string() }),
    z.object({ tool: z.literal('fetch_url'), url: z.string() }),
    z.object({ tool: z.literal('final_answer'), answer: z.string() }),
  ]),
  twins: z.union([z.object({ a: z.number() }), z.object({ b: z.number() })]),
  sameShape: z.union([z.object({ name: z.string(), id: z.number() }), z.object({ name: z.string(), id: z.string() })]),
  settings: z.object({ mode: z.enum(['fast', 'safe']), retries: z.number().int(), limits: z.object({ cpu: z.number() }) }),
  titles: defineContract({ name: 'titles', schema: z.enum(['MISTER', 'MISS', 'DOCTOR']), enumAliases: { MISTER: ['señor'], MISS: ['señorita'] } }),
  spanishForm: defineContract({
    name: 'spanishForm',
    schema: z.object({ title: z.string(), address: z.string(), street: z.string().optional() }),
    aliases: { title: ['señor'], address: ['dirección'], street: ['Straße'] },
  }),
  titulo: z.object({ titulo: z.string() }),
  accentedKey: z.object({ título: z.string() }),
  accentTwins: z.object({ ano: z.number().optional(), año: z.number().optional() }),
  kindInUnion: defineContract({
    name: 'kindInUnion',
    schema: z.object({ block: z.union([z.object({ kind: z.enum(['Heading', 'Paragraph']), text: z.string() }), z.string()]) }),
    enumAliases: { Heading: ['heading_1'], Paragraph: ['para'] },
  }),
  measures: z.object({ unit: z.string() }).catchall(z.number()),
  levels: z.record(z.string(), z.enum(['LOW', 'HIGH'])),
} as const;

export type AlignedContractName = keyof typeof ALIGNED_CONTRACTS;

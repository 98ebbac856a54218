/**
 * The words every intervention code is filed under: the stage that made a
 * change and the kind of change it was. They sit apart from the result types
 * so the code families (which give each code its category) import only this
 * leaf; `types.ts` imports the code table, never the other way round.
 *
 * @example
 * const info: { stage: Stage; category: Category } = { stage: 'parse', category: 'cleanup' };
 */

/** Where in the pipeline a change happened (as in the output-normalization seed). */
export type Stage = 'parse' | 'normalize' | 'semantic_validation' | 'retry';

/**
 * What kind of change it was; repair profiles allow or deny by category.
 * `coercion` reads a value into the type the contract wants with some
 * interpretation (a number from `$1,234`, an enum value mentioned in prose,
 * an object implied by its only field); `synthesized` fills what the text lacks.
 */
export type Category = 'parser_fix' | 'cleanup' | 'coercion' | 'synthesized' | 'dropped' | 'attribution' | 'retry';

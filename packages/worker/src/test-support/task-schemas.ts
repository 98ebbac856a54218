/**
 * Test contracts written as bare Standard Schema validators: this package has
 * no Zod dependency, and a hand-written validator proves the runner accepts
 * any Standard Schema.
 */
interface Issue {
  message: string;
  path: PropertyKey[];
}

function standard<T>(check: (value: unknown) => Issue[]): { '~standard': { version: 1; vendor: string; validate(value: unknown): { value: T } | { issues: Issue[] } } } {
  return {
    '~standard': {
      version: 1,
      vendor: 'airlock-test',
      validate: (value) => {
        const issues = check(value);
        return issues.length === 0 ? { value: value as T } : { issues };
      },
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ title: string, priority: number }`. */
export const taskSchema = standard<{ title: string; priority: number }>((value) => {
  if (!isObject(value)) return [{ message: 'Expected object', path: [] }];
  const issues: Issue[] = [];
  if (typeof value['title'] !== 'string') issues.push({ message: 'Expected string', path: ['title'] });
  if (typeof value['priority'] !== 'number') issues.push({ message: 'Expected number', path: ['priority'] });
  return issues;
});

/** `{ title: string }`: more lenient, and a different fingerprint. */
export const titleOnly = standard<{ title: string }>((value) =>
  isObject(value) && typeof value['title'] === 'string' ? [] : [{ message: 'Expected string', path: ['title'] }],
);

/** Not a schema at all. */
export const notASchema = 42;

/**
 * A scratch directory per test file, removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates a fresh directory; call `remove` in afterAll. */
export function tempDir(prefix: string): { path: string; file(name: string): string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `airlock-${prefix}-`));
  return { path, file: (name) => join(path, name), remove: () => rmSync(path, { recursive: true, force: true }) };
}

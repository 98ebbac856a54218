import { findExport, packagesPath, type Optional } from './try-import.js';

/** What the bench needs from the fast loader, whatever its exact result shape. */
export type FastYamlLoad = (text: string) => { accepted: true; value: unknown } | { accepted: false; reason: string };

function adapt(raw: unknown): ReturnType<FastYamlLoad> {
  if (typeof raw === 'object' && raw !== null && 'ok' in raw) {
    const r = raw as { ok: boolean; value?: unknown; reason?: unknown };
    return r.ok ? { accepted: true, value: r.value } : { accepted: false, reason: String(r.reason ?? 'bailed') };
  }
  return raw === undefined ? { accepted: false, reason: 'bailed' } : { accepted: true, value: raw };
}

/**
 * `loadYamlFast` from core (its internal entry point, else its source folder).
 *
 * @example
 * const fast = await loadYamlFast(); if (fast.available) fast.value('a: 1') // { accepted: true, value: { a: 1 } }
 */
export async function loadYamlFast(): Promise<Optional<FastYamlLoad>> {
  const found = await findExport<(text: string) => unknown>('loadYamlFast', [
    '@airlock/core/internal',
    packagesPath('core/src/yaml/fast/index.ts'),
  ]);
  if (!found.available) return found;
  return { available: true, source: found.source, value: (text) => adapt(found.value(text)) };
}

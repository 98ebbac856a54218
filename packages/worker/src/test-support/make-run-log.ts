/**
 * Deterministic run logs for tests: every shape the batch runner meets, in a
 * fixed rotation, so counts are predictable from the record count.
 */

const AGENTS = ['planner', 'coder', 'reviewer'] as const;

/** One JSONL line (or a blank/malformed line) for record number `i`. */
export function runLogLine(i: number): string {
  const agent = AGENTS[i % AGENTS.length]!;
  const task = { title: `task ${i}`, priority: i % 5 };
  const record = (output: unknown, extra: Record<string, unknown> = {}): string => JSON.stringify({ id: `r${i}`, agent, ...extra, output });
  switch (i % 10) {
    case 0:
      return record(JSON.stringify(task));
    case 1:
      return record(`Here is the task:\n\`\`\`json\n${JSON.stringify(task, null, 2)}\n\`\`\`\nDone.`);
    case 2:
      return record(`[assistant] ${JSON.stringify(task)}`);
    case 3:
      return record(JSON.stringify({ title: `task ${i}`, priority: 'high' }));
    case 4:
      return record(`{"title": "task ${i}", "priority": `);
    case 5:
      return record('');
    case 6:
      return JSON.stringify({ id: `r${i}`, agent, text: 'no output field' });
    case 7:
      return record({ already: 'structured' });
    case 8:
      return `{"id": "r${i}", "output": `;
    default:
      return `${record(JSON.stringify({ ...task, note: 'x'.repeat(i % 50) }))}\n`;
  }
}

/**
 * A run log of `n` records (one of them followed by a blank line every ten).
 *
 * @example
 * writeFileSync(path, makeRunLog(1000));
 */
export function makeRunLog(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `${runLogLine(i)}\n`;
  return text;
}

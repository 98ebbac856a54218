/**
 * A deterministic run log for the task contract: clean, fenced, prose,
 * invalid, malformed and incomplete records in a fixed rotation.
 */

/** One JSONL line for record `i`. */
function line(i: number): string {
  const task = { title: `task ${i}`, priority: i % 5 };
  const agent = i % 2 === 0 ? 'planner' : 'coder';
  const record = (output: unknown): string => JSON.stringify({ id: `t${i}`, agent, output });
  switch (i % 8) {
    case 0:
      return record(JSON.stringify(task));
    case 1:
      return record(`Sure, here it is:\n\`\`\`json\n${JSON.stringify(task, null, 2)}\n\`\`\``);
    case 2:
      return record(`<TASK>${JSON.stringify(task)}</TASK>`);
    case 3:
      return record(JSON.stringify({ ...task, priority: 'urgent' }));
    case 4:
      return `{"id": "t${i}", "output": "{\\"title\\"`;
    case 5:
      return JSON.stringify({ id: `t${i}`, agent, text: 'no output here' });
    default:
      return record(`[assistant] ${JSON.stringify(task)}`);
  }
}

/**
 * `n` records, one JSONL line each.
 *
 * @example
 * writeFileSync(path, makeTaskLog(3000));
 */
export function makeTaskLog(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `${line(i)}\n`;
  return text;
}

/**
 * Word lists the artifact builders draw from. Kept small and plain: the point
 * is realistic shape and byte mix (identifiers, paths, sentences with the odd
 * colon, quote or apostrophe), not literary quality.
 */
import type { Rng } from './rng.js';

export const AGENTS = ['reviewer', 'planner', 'interviewer', 'prd-writer', 'bead-splitter', 'coder', 'auditor'] as const;

export const MODELS = ['claude-sonnet-4', 'gpt-4.1', 'gemini-2.5-pro', 'qwen3-coder', 'llama-4-maverick'] as const;

export const FILES = [
  'src/auth/session.ts', 'src/auth/login-form.tsx', 'src/api/routes/users.ts', 'src/api/middleware/rate-limit.ts',
  'src/db/migrations/0042_add_tokens.sql', 'src/config/parser.ts', 'src/config/schema.ts', 'packages/ui/button.tsx',
  'server/handlers/webhook.go', 'server/store/postgres.go', 'scripts/release.sh', 'README.md', 'tests/e2e/login.spec.ts',
  'src/billing/invoice.py', 'src/billing/tax_rules.py', 'lib/cache/lru.rs', 'docs/architecture.md', 'src/jobs/retry-queue.ts',
] as const;

const SUBJECTS = [
  'the session token', 'the retry queue', 'the config parser', 'the login form', 'the webhook handler', 'the rate limiter',
  'the invoice total', 'the cache eviction', 'the migration', 'the error boundary', 'the user list endpoint', 'the release script',
];
const VERBS = ['is never refreshed', 'swallows the error', 'leaks memory under load', 'ignores the timeout', 'double-counts discounts',
  'returns stale data', 'races with the cleanup job', 'logs the password in clear', 'breaks on empty input', 'is not covered by tests',
  'blocks the event loop', 'retries forever'];
const TAILS = ['when the user logs out', 'after a deploy', 'on the second request', 'if the payload is empty', 'under concurrent writes',
  'in the EU region', "when the header isn't set", 'for accounts older than 2019', 'during the nightly batch', 'on Windows paths like C:\\temp'];

export const PHASES = ['foundation', 'structure', 'assembly'] as const;

const QUESTION_STARTS = ['Which users', 'How often', 'What should happen', 'Do we need', 'Who approves', 'Where should',
  'What is the expected latency', 'Should the system', 'How do we migrate', 'What counts as'];
const QUESTION_ENDS = ['when a login fails?', 'before the release?', 'for existing accounts?', 'if the import is partial?',
  'in the admin dashboard?', 'for the "remember me" option?', 'when two editors save at once?', 'per tenant: one or many?'];

const STORY_OBJECTS = ['password reset', 'audit log export', 'bulk user import', 'SSO login', 'invoice PDF', 'usage dashboard',
  'webhook retries', 'config hot reload', 'team invitations', 'API key rotation'];

export const BEAD_IDS = ['config-parser', 'auth-module', 'session-store', 'rate-limit', 'audit-export', 'invoice-pdf', 'retry-queue',
  'webhook-signing', 'user-import', 'sso-adapter', 'dashboard-api', 'key-rotation', 'migration-0042', 'cache-layer'];

export const TAGS = ['REVIEW_RESULT', 'BEAD_STATUS', 'FINAL_ANSWER', 'OUTPUT', 'result'] as const;

/** A review-style sentence: "The session token is never refreshed when the user logs out." */
export function sentence(rng: Rng): string {
  const s = `${rng.pick(SUBJECTS)} ${rng.pick(VERBS)} ${rng.pick(TAILS)}.`;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A few sentences, optionally separated by newlines (free text, multi-line answers). */
export function paragraph(rng: Rng, min: number, max: number, separator = ' '): string {
  const count = rng.int(min, max);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(sentence(rng));
  return parts.join(separator);
}

export function question(rng: Rng): string {
  return `${rng.pick(QUESTION_STARTS)} ${rng.pick(QUESTION_ENDS)}`;
}

export function storyTitle(rng: Rng): string {
  return `As a ${rng.pick(['user', 'admin', 'auditor', 'team owner', 'support agent'])}, I can use ${rng.pick(STORY_OBJECTS)}`;
}

export function title(rng: Rng): string {
  return `${rng.pick(['Add', 'Fix', 'Refactor', 'Harden', 'Document', 'Speed up'])} ${rng.pick(STORY_OBJECTS)}`;
}

/** A short lowercase hex string, e.g. for content hashes. */
export function hex(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) out += rng.nextUint32().toString(16).padStart(8, '0');
  return out.slice(0, length);
}

/** Prose a model puts before an artifact. */
export const LEADS = [
  'Here is the result of my review:', 'Sure! Below is the artifact you asked for.', 'I analysed the diff. Summary follows.',
  "Okay, here's the updated document:", 'Done. Output:', 'After checking every file, this is my verdict.',
];
/** Prose a model puts after an artifact. */
export const TRAILS = [
  'Let me know if you want me to go deeper on any of these.', 'I can open follow-up tickets for the minor items.',
  'Note: I did not run the e2e suite.', '', 'Hope this helps!', 'All other files look fine to me.',
];

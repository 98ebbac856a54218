/**
 * The registry of agent contracts (cadre's `ContractRegistry`): agent name →
 * the schema its output must satisfy. Filled once at start-up; reading it is
 * safe from any number of concurrent parses because nothing mutates it then.
 */
import type { AnySchema, Contract } from '../contract/contract.js';

/**
 * What an agent promises: its name, the schema (or Airlock contract) its output
 * must satisfy and, optionally, the schema of its input.
 *
 * @example
 * const reviewer: AgentContract<{ diff: string }, Review> = { name: 'reviewer', outputSchema: reviewSchema };
 */
export interface AgentContract<TInput = unknown, TOutput = unknown> {
  readonly name: string;
  /** A Zod 4 schema, any Standard Schema validator, or a contract from `defineContract` (adds normalization). */
  readonly outputSchema: AnySchema<TOutput> | Contract<TOutput>;
  readonly inputSchema?: AnySchema<TInput>;
  /** Fence info string of the output block, e.g. `aamf-json`; the parser's default otherwise. */
  readonly blockMarker?: string;
}

/**
 * Agent name → contract. Registering a name twice is an error, so two agents
 * can never silently share or shadow a contract.
 *
 * @example
 * const registry = new ContractRegistry();
 * registry.register({ name: 'reviewer', outputSchema: z.object({ verdict: z.string() }) });
 * registry.has('reviewer'); // true
 * registry.list();          // ['reviewer']
 */
export class ContractRegistry {
  readonly #contracts = new Map<string, AgentContract>();

  /** Registers an agent contract; throws when the name is already taken. */
  register<TInput, TOutput>(contract: AgentContract<TInput, TOutput>): void {
    if (this.#contracts.has(contract.name)) {
      throw new Error(`ContractRegistry: a contract for agent "${contract.name}" is already registered.`);
    }
    this.#contracts.set(contract.name, contract as AgentContract);
  }

  /** The contract of a named agent, or undefined. */
  get(agentName: string): AgentContract | undefined {
    return this.#contracts.get(agentName);
  }

  /** True when a contract is registered for the agent. */
  has(agentName: string): boolean {
    return this.#contracts.has(agentName);
  }

  /** Registered agent names, in registration order. */
  list(): string[] {
    return [...this.#contracts.keys()];
  }
}

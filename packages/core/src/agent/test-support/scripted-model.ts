/**
 * A fake model for the retry tests: it replays a script of replies (an Error
 * in the script is thrown, as a failing transport would) and records every
 * call's exact messages and attempt info.
 */
import type { AttemptInfo, ChatMessage, ModelCall, ModelReply } from '../run-with-retries.js';

export interface ScriptedModel {
  call: ModelCall;
  calls: { messages: ChatMessage[]; attempt: AttemptInfo }[];
}

export function scriptedModel(script: ReadonlyArray<ModelReply | Error>): ScriptedModel {
  const calls: ScriptedModel['calls'] = [];
  const call: ModelCall = async (messages, attempt) => {
    calls.push({ messages: structuredClone([...messages]), attempt });
    const step = script[calls.length - 1];
    if (step === undefined) throw new Error(`The script has no reply for call ${calls.length}.`);
    if (step instanceof Error) throw step;
    return step;
  };
  return { call, calls };
}

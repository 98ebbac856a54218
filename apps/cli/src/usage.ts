/**
 * Help texts, one per command. Kept as data so `--help` and usage errors agree.
 */

export const MAIN_HELP = `airlock: turn a language model's messy output into validated data

usage:
  airlock parse --contract <module>#<export> [file|-] [--pretty] [--context <ctx.json>]
  airlock repair [file|-] [--interventions]
  airlock batch <input.jsonl[.gz]>… --contract <module>#<export> -o <out.ndjson> [options]
  airlock diff <a.ndjson> <b.ndjson> [--force]
  airlock schema --contract <module>#<export> --provider <provider>
  airlock worker [--queue redis://host:port] --root <dir>… [--threads <n>]
  airlock queue status [--run <id>]
  airlock report <out.ndjson> [<b.ndjson>] -o <report.html> [--log <run.jsonl>]…
  airlock suggest <out.ndjson> --contract <module>#<export> [--json]
  airlock <command> --help
  airlock --version

A contract is a .ts or .js module exporting a Zod schema (or any Standard
Schema) or an Airlock contract; .ts modules load without a build step.`;

export const PARSE_HELP = `usage: airlock parse --contract <module>#<export> [file|-] [--compact | --pretty] [--context <ctx.json>] [--partial]

Parses one model output (a file, or stdin for "-" or no file) and prints the
result as JSON: the validated data, or the failure class, with every
intervention the pipeline made.

options:
  -c, --contract <module>#<export>  the contract, e.g. ./contract.ts#review
      --context <file>              a JSON object file given to the parse as its runtime
                                    context (ticket id, reference artifacts, labels) for the
                                    contract's normalization and checks, e.g. --context ctx.json
      --compact                     print the result on one line
      --pretty                      print it for a person: the verdict, the value, the
                                    interventions as a table, the validation errors
      --partial                     read the output as the start of a streamed answer: print
                                    the value received so far with "complete" and the
                                    "states" of the paths still arriving (incomplete, missing)
      --load-timeout <s>            seconds the contract module may take to load (default 30)
  -h, --help

exit status: 0 valid (with --partial: valid so far), 1 invalid, 2 usage error (bad flag,
missing file or contract)`;

export const REPAIR_HELP = `usage: airlock repair [file|-] [--interventions] [--expect <object|array|any>] [--ndjson]

Repairs JSON without a contract (a file, or stdin for "-" or no file): quotes,
commas, comments, fences and prose around it, Python literals, a cut-off end.
Prints the repaired JSON on stdout with the input's formatting kept; valid JSON
comes out unchanged.

options:
      --interventions       also print every change made, one JSON object a line, on stderr
      --expect <kind>       object or array: look for a root of that kind past leading
                            prose and unwrap JSON encoded in a string (default any)
      --ndjson              join several root values (JSON Lines, several fenced blocks)
                            into one array
  -h, --help

exit status: 0 repaired or already valid, 1 cannot be repaired, 2 usage error (bad flag, missing file)`;

export const BATCH_HELP = `usage: airlock batch <input.jsonl[.gz] | ->… --contract <module>#<export> -o <out.ndjson> [options]

Normalizes every record of a JSONL run log (plain or gzip; "-" reads stdin, which
cannot be resumed) on a pool of
worker threads and writes one NDJSON result per record, in input order, after
a metadata line (its "format" field is the line format version, now 2; its
"input" names the log and a fingerprint of it). Several inputs go into one
output, in order; their result lines carry a "file" and lines count from 1 in
each file. A line with invalid UTF-8 is a bad_record naming the byte.
A result line holds the record's line, id and agent, then on success its data
(and raw only where it differs), on failure its failure class and error, plus
the candidate and interventions as compact arrays. Ctrl-C finishes the chunks in flight and keeps a checkpoint
(<out>.checkpoint.json); --resume continues from it.

options:
  -c, --contract <module>#<export>  the contract, e.g. ./contract.ts#review
  -o, --output <file>               the NDJSON result file (required)
      --context <file>              a JSON object file given to every record's parse as its
                                    runtime context (what the contract's checks read), e.g.
                                    --context ctx.json; the metadata line records its
                                    fingerprint and --resume refuses another context
  -t, --threads <n>                 parsing threads, at most 32; 0 runs inline; from 2 the
                                    calling thread is one of them (n - 1 worker threads); a log
                                    below 48 MiB runs inline whatever n says, since threads only
                                    pay off above it (default: one per available core above it)
      --chunk-size <n>              records per task (default 256)
      --field <path>                dotted path to the model text in a record (default output)
      --id-field <path>             dotted path to the record id (default id)
      --include-raw                 write the parsed value before normalization (raw) on
                                    every success, not only where it differs from data
      --salvage-truncated           for each record that fails as truncated (cut off), also
                                    write the value its text supports so far and the state
                                    of each open path as "salvaged" ({"data", "states"});
                                    the record stays a truncated failure
      --resume                      continue an interrupted run from its checkpoint
      --force                       overwrite an existing output
      --stats-json <file>           also write the statistics as JSON
      --quiet                       no progress, only the summary
      --strict-records              exit 3 when most of the first 1,000 records are
                                    bad_record for one reason (otherwise a warning)
      --load-timeout <s>            seconds the contract module may take to load (default 30)
      --queue <redis://host:port>   spread the batch over the machines running
                                    \`airlock worker\` on that queue (input, output and
                                    contract file must be on storage they all see, under
                                    their --root); "--queue env" takes the URL, password
                                    included, from AIRLOCK_REDIS_URL
      --queue-ca <file>             PEM certificate of the authority that signed a
                                    rediss:// server's certificate
      --queue-name <name>           queue to use (default airlock-batch)
      --shard-bytes <n>             target shard size with --queue (default 8388608)
  -h, --help

Progress (stderr) shows records done and the share of the input committed. When
reading the input fails mid-run (a truncated gzip), the records read before it
are committed and one line says how many; the exit status is then 1.

exit status: 0 done, 1 I/O failure (rerun with --resume), 2 usage error,
3 mostly bad records (--strict-records), 130 interrupted`;

export const DIFF_HELP = `usage: airlock diff <a.ndjson> <b.ndjson> [--json] [--changes <n>] [--force]

Compares two batch outputs of the same run log: records that changed outcome
(by input file and line) and how often each intervention rule fired in each.
Outputs whose metadata says they come from different logs are refused.

options:
      --json           print the comparison as JSON
      --changes <n>    changed records to list (default 20)
      --force          compare outputs of different logs anyway
  -h, --help

exit status: 0 compared, 2 usage error`;

export const SCHEMA_HELP = `usage: airlock schema --contract <module>#<export> --provider <provider> [options]

Prints the contract's schema in a provider's structured-output dialect on
stdout, and on stderr one line per constraint the provider cannot enforce
(validation still checks it). The schema must be in the AgentSchema profile:
an object of strings, numbers, booleans, arrays, literals, enums, unions,
optional and nullable fields and nested objects.

providers:
  openai        strict structured outputs (every property required, optional as null)
  anthropic     tool input_schema (strict tool use)
  gemini        generationConfig.responseSchema (OpenAPI subset)
  ag-ui         tool definition { name, description, parameters }
  json-schema   the canonical closed JSON Schema (the fingerprint's source)

options:
  -c, --contract <module>#<export>  the contract, e.g. ./contract.ts#review
  -p, --provider <provider>         one of the providers above
      --name <name>                 ag-ui: the tool name (default: the contract's name)
      --description <text>          ag-ui: the tool description (default: the schema's)
      --compact                     print the schema on one line
  -h, --help

exit status: 0 printed, 2 outside the profile (every offending path listed) or usage error`;

export const WORKER_HELP = `usage: airlock worker [--queue redis://host:port] --root <dir>… [--threads <n>] [options]

Serves the shards of batches submitted with \`airlock batch … --queue\` on
this machine on one local pool of worker threads, until SIGINT or
SIGTERM (the shard in hand finishes first, no new one is taken). Killing a
worker is safe: its shard goes back to the queue once its lock expires and
another worker retries it; shard outputs are committed atomically.

A job names files; every one (input, contract module, shard directory) must
resolve, symlinks followed, under a --root, and the contract module and input
must be the files the run was submitted with (sha256 and fingerprint), or the
job fails at once with the reason and is not retried. Nothing outside the roots
is imported or written. See docs/deployment.md for what a queue writer can do.

options:
  -q, --queue <redis://host:port>   the Redis server of the queue (rediss:// for TLS,
                                    redis://user:password@host for a password); default
                                    the URL in AIRLOCK_REDIS_URL, which keeps the password
                                    out of the process list
      --queue-ca <file>             PEM certificate of the authority that signed a
                                    rediss:// server's certificate
      --queue-name <name>           queue to serve (default airlock-batch)
      --root <dir>                  a directory jobs may read, import and write under;
                                    repeat for several (default: the working directory)
  -t, --threads <n>                 worker threads, started once and shared by every
                                    shard (default: one per core); 0 runs inline
      --lock-ms <n>                 how long a dead worker holds its shard (default 30000)
      --quiet                       no log lines (Redis connection errors still show)
  -h, --help

exit status: 0 stopped, 1 queue failure (Redis unreachable, refused credentials), 2 usage error`;

export const QUEUE_HELP = `usage: airlock queue status [--run <id>] [--queue redis://host:port] [options]

Shows what a queue holds: the workers connected to it, and for each run (or
the one given) its shards done, running, waiting and failed, the records of
its finished shards and their throughput, the running shards and the worker
on each, and every failed shard with its reason. \`airlock batch --queue\`
prints its run id when it starts.

options:
  -q, --queue <redis://host:port>   the Redis server (default: AIRLOCK_REDIS_URL)
      --queue-ca <file>             PEM certificate of the authority that signed a
                                    rediss:// server's certificate
      --queue-name <name>           queue to read (default airlock-batch)
      --run <id>                    only this run
      --json                        print the status as JSON
  -h, --help

exit status: 0 shown, 1 Redis unreachable, 2 usage error`;

export const REPORT_HELP = `usage: airlock report <out.ndjson> [<b.ndjson>] -o <report.html> [--log <run.jsonl>]…

Writes a batch output as one self-contained HTML file (no server, no network):
counts by outcome, failure class, rule and agent; a record list searchable by
outcome, failure class, rule, agent and text (raw text, ids, agents, errors); each
record with its raw text, the candidate and every intervention highlighted, its
validation errors and value, and its link (report.html#<log>:<line>). The raw
texts come from the run logs the output names, when they are there (as given
to the batch, or beside the output) and their fingerprint still matches; a log
that has changed is left out with a warning. With two outputs of the same log,
a comparison page lists the records whose outcome changed and the rule deltas.

options:
  -o, --output <file>   the HTML file to write (required)
      --log <file>      the run log the batch read (plain or .gz), where it is now; once
                        per log, in order, for an output of several logs (a log whose
                        fingerprint differs is used, with a warning)
      --title <text>    page title
  -h, --help

exit status: 0 written, 2 usage error (bad flag, unreadable or foreign output)`;

export const SUGGEST_HELP = `usage: airlock suggest <out.ndjson> --contract <module>#<export> [--json]

Reads a batch output's failures and interventions and proposes contract
additions, each with how often it occurs and example lines: keys stripped as
extras where a required field of the same object was missing (aliases), enum
values that failed (synonyms), single keys wrapping the whole artifact
(wrappers), tags and fences the artifacts came in. The additions are checked by
re-validating the failed records' parsed values. Nothing is applied: paste the
printed defineContract fragment into the contract module if it is right.

options:
  -c, --contract <module>#<export>  the contract the batch ran with
      --json                        print the proposals as JSON
  -h, --help

exit status: 0 printed, 2 usage error`;

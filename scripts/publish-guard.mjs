#!/usr/bin/env node
// Every publishable package runs this before it is published (its `prepublishOnly`). The
// manifests' `exports` carry a `source` condition for the workspace; `pnpm publish` replaces
// them with `publishConfig.exports`, `npm publish` does not and would ship a condition that
// points at sources the tarball does not hold. So anything but pnpm is refused, in one line.
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  console.error('airlock: publish with pnpm (`pnpm publish`): it applies publishConfig.exports; npm publish would ship the workspace-only `source` export condition');
  process.exit(1);
}

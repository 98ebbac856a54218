/** Relevant files, execution setup, bead completion, final test commands and manual QA, by artifact name. */
import { beadStatus } from '../bead-status.js';
import { executionSetupPlan, executionSetupResult } from '../execution-setup.js';
import { finalTestCommands } from '../final-test-commands.js';
import { manualQaChecklist } from '../manual-qa-checklist.js';
import { relevantFiles } from '../relevant-files.js';

export const OPERATIONS_ARTIFACTS = {
  relevant_files: relevantFiles,
  execution_setup_plan: executionSetupPlan,
  execution_setup_result: executionSetupResult,
  bead_completion_marker: beadStatus,
  final_test_commands: finalTestCommands,
  manual_qa_checklist: manualQaChecklist,
} as const;

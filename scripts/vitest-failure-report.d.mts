/** See vitest-failure-report.mjs. */
export declare function failureReport(output: string): string;

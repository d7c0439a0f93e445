/**
 * The whole tamper corpus of issue 11 (see tests/tamper_support.ts).
 *
 * @module
 */

import { forgeries } from "./tamper_forgeries.ts";
import { metricsChecks, structuralErrors } from "./tamper_record_cases.ts";
import { notTampering, resultChecks } from "./tamper_result_cases.ts";
import type { Case } from "./tamper_support.ts";

export async function corpus(): Promise<Case[]> {
  return [
    ...metricsChecks(),
    ...structuralErrors(),
    ...(await resultChecks()),
    ...(await forgeries()),
    ...notTampering(),
  ];
}

/** Run the Python verifier on files; one verdict line per file. */

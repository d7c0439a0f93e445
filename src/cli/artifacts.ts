/**
 * Loading the statistics artifacts that `summary` and `report` show: each
 * file read with the strict JSON reader, then the strict artifact schema,
 * and all of them required to share one evaluation manifest.
 *
 * @module
 */

import {
  type ArtifactFile,
  checkSameManifest,
  readArtifact,
} from "../report/artifact.ts";
import { UsageError } from "./args.ts";
import { wrongKindError } from "../document_kind.ts";
import { readJson } from "./io.ts";
import { artifactLimit, tooLargeToRead } from "../statistics/artifact_bound.ts";

/**
 * Read and check every artifact file, in the order given, each within the
 * artifact limit (it follows from the episode limit: `artifact_bound.ts`).
 *
 * @example
 * ```ts ignore
 * import { loadArtifacts } from "./artifacts.ts";
 * const artifacts = await loadArtifacts(["greedy.stats.json", "compare.json"]);
 * ```
 */
export async function loadArtifacts(
  files: readonly string[],
): Promise<ArtifactFile[]> {
  if (files.length === 0) throw new UsageError("missing input: ARTIFACT");
  const artifacts: ArtifactFile[] = [];
  for (const file of files) {
    const value = await readJson(file, artifactLimit(), tooLargeToRead);
    try {
      artifacts.push(await readArtifact(value, file));
    } catch (e) {
      throw wrongKindError(e, value, "statistics artifact");
    }
  }
  checkSameManifest(artifacts);
  return artifacts;
}

/**
 * The name that chooses a kernel, for the bootstrap and the replay alike.
 *
 * @module
 */

/**
 * `"wasm"`: the compiled AssemblyScript kernel (default); `"reference"`: the
 * TypeScript stream over the `@noble/hashes` SHAKE-256, written to read
 * like the spec.
 */
export type KernelName = "wasm" | "reference";

/** The kernel names, in the order the CLI lists them. */
export const KERNEL_NAMES: readonly KernelName[] = ["wasm", "reference"];

/**
 * Random interval inputs for comparing the kernels (the fast-check test and
 * scripts/kernel_compare.ts): n values over a common denominator of up to
 * 2^300, signed as paired deltas are, R in [100, 20 000], with n · R capped
 * so that the reference path stays fast.
 */

import fc from "fast-check";
import { Rational } from "../src/exact.ts";
import {
  type BootstrapInterval,
  bootstrapMeanInterval,
} from "../src/bootstrap/interval.ts";

/** One comparison: values, R and the seed. */
export type KernelInput = {
  values: Rational[];
  resamples: number;
  seed: Uint8Array;
};

/** Inputs with n in [5, maxN] and n · R <= maxWork. */
export function kernelInputs(
  options: { maxWork: number; maxN?: number },
): fc.Arbitrary<KernelInput> {
  const maxN = options.maxN ?? 5000;
  // A case's values share up to three denominators of up to 2^100 bits each,
  // so that their common denominator stays within 2^300 (n independent
  // 300-bit denominators would have a common denominator of n · 300 bits,
  // which no metric has).
  const denominators = fc.array(fc.bigInt({ min: 1n, max: 1n << 100n }), {
    minLength: 1,
    maxLength: 3,
  }).map((ds) => ds.reduce((a, b) => a * b, 1n));
  const values = (n: number) =>
    fc.tuple(
      fc.oneof(
        // Small numerators over 1..4: the exact-sum path, with many ties.
        fc.constant(0n),
        // Large signed numerators over the case's denominator: certified.
        denominators,
      ),
      fc.array(
        fc.oneof(
          fc.integer({ min: -3, max: 3 }).map(BigInt),
          fc.bigInt({ min: -(1n << 310n), max: 1n << 310n }),
        ),
        { minLength: n, maxLength: n },
      ),
    ).map(([den, nums]) =>
      den === 0n
        ? nums.map((p, i) => Rational.of(p % 4n, BigInt(1 + (i % 4))))
        : nums.map((p) => Rational.of(p, den))
    );
  return fc.integer({ min: 5, max: maxN }).chain((n) =>
    fc.record({
      values: values(n),
      resamples: fc.integer({
        min: 100,
        max: Math.max(100, Math.min(20_000, Math.floor(options.maxWork / n))),
      }),
      seed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    })
  );
}

/** The interval of one input from the wasm kernel and from the reference. */
export function kernelCase(
  input: KernelInput,
): [BootstrapInterval, BootstrapInterval] {
  const of = (kernel: "wasm" | "reference") =>
    bootstrapMeanInterval(input.values, {
      resamples: input.resamples,
      seed: input.seed,
      kernel,
    })!;
  return [of("wasm"), of("reference")];
}

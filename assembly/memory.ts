// Loads and stores of the kernel's regions by element index: one place for
// the three modules that read and write them (replay.ts, record_text.ts,
// trace_checks.ts), inlined where they are used.

// @ts-ignore: decorator
@inline
export function geti(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
export function seti(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

// @ts-ignore: decorator
@inline
export function getb(base: usize, i: i32): u8 {
  return load<u8>(base + <usize>i);
}

// @ts-ignore: decorator
@inline
export function setb(base: usize, i: i32, v: u8): void {
  store<u8>(base + <usize>i, v);
}

// The replay kernel's regions: one id per region of linear memory, for the
// three modules that read them (replay.ts places them; record_text.ts and
// trace_checks.ts read them through its table). src/sim/replay_kernel.ts
// mirrors the ids the host reads.

// Inputs.
export const R_WALL: i32 = 0; // u8 per cell
export const R_EXIT_AT: i32 = 1; // i32 per cell: exit number or -1
export const R_POSITION: i32 = 2; // i32 per person: initial, then final cell
export const R_IGNITION: i32 = 3; // i32 per initial burning cell
export const R_ACTIONS: i32 = 4; // u8 per log entry
// Outputs.
export const R_OUTCOME: i32 = 5; // u8 per log entry consumed
export const R_EVENT: i32 = 6; // u8 per log entry consumed
export const R_STEP_MOVES: i32 = 7; // i32 per step 0..T: end of its entries
export const R_STEP_IGNITED: i32 = 8; // i32 per step 0..T: end of its ignitions
export const R_IGNITED: i32 = 9; // i32 per ignited cell, ascending within a step
export const R_STEP_TRAPPED: i32 = 10; // i32 per step 0..T: end of its trapped set
export const R_TRAPPED: i32 = 11; // i32 person numbers, ascending within a step
export const R_STATUS: i32 = 12; // u8 per person: final status
export const R_RESOLUTION: i32 = 13; // i32 per person: resolution step or -1
// Scratch.
export const R_BURNING: i32 = 14;
export const R_BURNING_CELLS: i32 = 15;
export const R_OCCUPANT: i32 = 16;
export const R_REACHED: i32 = 17; // i32 per cell: the search that reached it
export const R_TARGET: i32 = 18;
export const R_CLAIMS: i32 = 19;
export const R_CLAIM_HEAD: i32 = 20;
export const R_CLAIM_NEXT: i32 = 21;
export const R_CONTESTED: i32 = 22;
export const R_CHAIN: i32 = 23;
export const R_ON_CHAIN: i32 = 24;
export const R_CANDIDATE: i32 = 25;
export const R_CANDIDATES: i32 = 26;
export const R_QUEUE: i32 = 27;
export const R_OUTCOME_P: i32 = 28; // u8 per person: this step's outcome
export const R_EVENT_P: i32 = 29; // u8 per person: this step's event
export const R_LOG_END: i32 = 30; // input, i32 per log step: end of its entries
export const R_CLOSED: i32 = 31; // u8 per cell: wall or burning
export const R_EXIT_CELLS: i32 = 32; // i32 per exit cell, ascending
export const R_EDGES: i32 = 33; // u8 per cell: which neighbours exist (N, E, S, W bits)
export const R_CLAIM_TAIL: i32 = 34; // i32 per cell: last mover on its claim list
// 35..39: record_text.ts's, placed by prepareText() above all the others
// (prepare() leaves them empty).
/** u8 per byte of the record's text (the host writes it). */
export const R_TEXT: i32 = 35;
/** u8: the header's canonical text, then each quoted person ID, then each quoted exit ID. */
export const R_NAMES: i32 = 36;
/** i32 per name (header, people, exits): its end in R_NAMES. */
export const R_NAME_ENDS: i32 = 37;
/** i32 per person: the initial cell (run() overwrites R_POSITION). */
export const R_TEXT_START: i32 = 38;
/** Scratch: the log's step ends as read, and the writer's state. */
export const R_TEXT_WORK: i32 = 39;
// 40..47: checkTrace()'s (trace_checks.ts), sized by prepare(): the initial
// cells, kept by initialState() because run() overwrites R_POSITION, then
// the check's scratch.
export const R_INITIAL: i32 = 40; // i32 per person: s_0 cells, kept by initialState()
export const R_CK_POSITION: i32 = 41; // i32 per person: cell in s_t
export const R_CK_STATUS: i32 = 42; // u8 per person: status in s_t
export const R_CK_FIRE: i32 = 43; // u8 per cell: 1 burning in s_{t-1}, 2 ignited in step t
export const R_CK_ENDED: i32 = 44; // i32 per cell: last step a mover ended there
export const R_CK_REACHED: i32 = 45; // i32 per cell: the search that reached it
export const R_CK_QUEUE: i32 = 46; // i32 per cell: the search's queue
export const R_CK_RESOLVED: i32 = 47; // i32 per person: step of its event, or -1
export const REGIONS: i32 = 48;

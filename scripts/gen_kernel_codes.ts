/**
 * The replay kernel's region ids and codes, in one table, and the two
 * modules `scripts/build_wasm.ts` generates from it:
 *
 * - `assembly/codes.ts`, the constants of the kernel's three modules
 *   (`replay.ts`, `record_text.ts`, `trace_checks.ts`);
 * - `src/kernel_codes.ts`, the same constants for the host (`src/replay/`)
 *   and the TypeScript reference (`src/sim/step.ts`), with the names of the
 *   codes that have one, by code.
 *
 * Nothing else declares these values: a code or a region added here reaches
 * both sides, and `deno task build:wasm --check` fails while either
 * generated module is stale.
 *
 * @module
 */

/** One region of the kernel's linear memory. */
export type Region = {
  /** Its name after `R_`. */
  readonly name: string;
  /**
   * What its size depends on: `"layout"` the grid, the people and the
   * initial ignitions only; `"log"` the action log's codes or steps too;
   * `"text"` placed by `prepareText` above the others (`prepare` leaves it
   * empty).
   */
  readonly sized: "layout" | "log" | "text";
  /** What it holds. */
  readonly doc: string;
  /** A heading for the part of the table it starts. */
  readonly part?: string;
};

/** One code of a group. */
export type Code = {
  /** Its name in both modules. */
  readonly name: string;
  /** What it means. */
  readonly doc: string;
  /** Its name as the host spells it (the group's `names` list holds them). */
  readonly text?: string;
  /** Its value, when it is not its index in the group. */
  readonly value?: number;
};

/** A group of codes of one AssemblyScript type. */
export type Group = {
  /** A heading for the group. */
  readonly title: string;
  /** The type of its constants in AssemblyScript. */
  readonly type: "u8" | "i32";
  readonly codes: readonly Code[];
  /** The TypeScript list of the codes' `text`s, by code. */
  readonly names?: string;
};

/**
 * The regions, in id order, which is also the order in which `prepare()`
 * places them (each above the one before, 8-byte aligned).
 *
 * The order matters in one place: `readTextLog()` (`assembly/replay.ts`)
 * reads the log into `R_ACTIONS` at the address of a placement made for a
 * longer log, then calls `prepare()` again for the log it read. That keeps
 * the layout's inputs (ids 0–3, written before) and the codes where they
 * are only because no region before `R_ACTIONS` is sized by the log; the
 * generator refuses a table in which one is. Everything the kernel's
 * checks, run and copy-out read is addressed through the table of
 * `region(id)`, so no other order is assumed.
 */
export const REGION_TABLE: readonly Region[] = [
  {
    name: "WALL",
    sized: "layout",
    doc: "u8 per cell: 1 on a wall.",
    part: "Inputs, written by the host.",
  },
  {
    name: "EXIT_AT",
    sized: "layout",
    doc: "i32 per cell: the number of its exit, or -1.",
  },
  {
    name: "POSITION",
    sized: "layout",
    doc: "i32 per person: the initial cell, then the latest state's.",
  },
  {
    name: "IGNITION",
    sized: "layout",
    doc: "i32 per initial burning cell, ascending.",
  },
  {
    name: "ACTIONS",
    sized: "log",
    doc: "u8 per log entry: an action code.",
  },
  {
    name: "OUTCOME",
    sized: "log",
    doc: "u8 per log entry consumed: its outcome code.",
    part: "Outputs: the trace.",
  },
  {
    name: "EVENT",
    sized: "log",
    doc: "u8 per log entry consumed: its event code.",
  },
  {
    name: "STEP_MOVES",
    sized: "log",
    doc: "i32 per step 0..T: the end of its entries.",
  },
  {
    name: "STEP_IGNITED",
    sized: "log",
    doc: "i32 per step 0..T: the end of its cells in R_IGNITED.",
  },
  {
    name: "IGNITED",
    sized: "layout",
    doc: "i32 per ignited cell, steps in order, ascending within a step.",
  },
  {
    name: "STEP_TRAPPED",
    sized: "log",
    doc: "i32 per state 0..T: the end of its trapped set in R_TRAPPED.",
  },
  {
    name: "TRAPPED",
    sized: "log",
    doc: "i32 person numbers of each state's trapped set, ascending.",
  },
  {
    name: "STATUS",
    sized: "layout",
    doc: "u8 per person: the latest state's status code.",
  },
  {
    name: "RESOLUTION",
    sized: "layout",
    doc: "i32 per person: the step of its resolution, or -1.",
  },
  {
    name: "BURNING",
    sized: "layout",
    doc: "u8 per cell: 1 while burning.",
    part: "The episode loop's scratch.",
  },
  {
    name: "BURNING_CELLS",
    sized: "layout",
    doc: "i32 per cell: the burning cells; the first `frontier` may spread.",
  },
  {
    name: "OCCUPANT",
    sized: "layout",
    doc: "i32 per cell: the active person on it, or -1.",
  },
  {
    name: "REACHED",
    sized: "layout",
    doc: "i32 per cell: the reachability search that reached it.",
  },
  {
    name: "TARGET",
    sized: "layout",
    doc: "i32 per person: a mover's target cell.",
  },
  {
    name: "CLAIMS",
    sized: "layout",
    doc: "i32 per cell: the movers that target it in this step.",
  },
  {
    name: "CLAIM_HEAD",
    sized: "layout",
    doc: "i32 per cell: the first mover on its claim list, or -1.",
  },
  {
    name: "CLAIM_NEXT",
    sized: "layout",
    doc: "i32 per person: the next mover on its claim list, or -1.",
  },
  {
    name: "CONTESTED",
    sized: "layout",
    doc: "i32: the cells that two or more movers target in this step.",
  },
  {
    name: "CHAIN",
    sized: "layout",
    doc: "i32: the movers of the chain being followed.",
  },
  {
    name: "ON_CHAIN",
    sized: "layout",
    doc: "u8 per person: 1 while on that chain.",
  },
  {
    name: "CANDIDATE",
    sized: "layout",
    doc: "u8 per cell: 1 when a fire candidate of this step.",
  },
  {
    name: "CANDIDATES",
    sized: "layout",
    doc: "i32: this step's fire candidates.",
  },
  {
    name: "QUEUE",
    sized: "layout",
    doc: "i32 per cell: the reachability search's queue.",
  },
  {
    name: "OUTCOME_P",
    sized: "layout",
    doc: "u8 per person: this step's outcome.",
  },
  {
    name: "EVENT_P",
    sized: "layout",
    doc: "u8 per person: this step's event.",
  },
  {
    name: "LOG_END",
    sized: "log",
    doc: "i32 per log step: the end of its entries (an input).",
  },
  {
    name: "CLOSED",
    sized: "layout",
    doc: "u8 per cell: 1 on a wall or a burning cell.",
  },
  {
    name: "EXIT_CELLS",
    sized: "layout",
    doc: "i32 per exit cell, ascending.",
  },
  {
    name: "EDGES",
    sized: "layout",
    doc: "u8 per cell: which neighbours exist (the HAS_* bits).",
  },
  {
    name: "CLAIM_TAIL",
    sized: "layout",
    doc: "i32 per cell: the last mover on its claim list.",
  },
  {
    name: "TEXT",
    sized: "text",
    doc: "u8 per byte of the record's text (the host writes it).",
    part:
      "Verification by regeneration (record_text.ts), placed by prepareText().",
  },
  {
    name: "NAMES",
    sized: "text",
    doc:
      "u8: the header's canonical text, then the quoted person and exit IDs.",
  },
  {
    name: "NAME_ENDS",
    sized: "text",
    doc: "i32 per name (header, people, exits): its end in R_NAMES.",
  },
  {
    name: "TEXT_START",
    sized: "text",
    doc: "i32 per person: the initial cell (run() overwrites R_POSITION).",
  },
  {
    name: "TEXT_WORK",
    sized: "text",
    doc: "The log's step ends as read, and the writer's state.",
  },
  {
    name: "INITIAL",
    sized: "layout",
    doc: "i32 per person: the cells of s_0, kept by initialState().",
    part: "Stage 2 over the trace (trace_checks.ts).",
  },
  {
    name: "CK_POSITION",
    sized: "layout",
    doc: "i32 per person: the cell in s_t.",
  },
  {
    name: "CK_STATUS",
    sized: "layout",
    doc: "u8 per person: the status in s_t.",
  },
  {
    name: "CK_FIRE",
    sized: "layout",
    doc: "u8 per cell: 1 burning in s_{t-1}, 2 ignited in step t.",
  },
  {
    name: "CK_ENDED",
    sized: "layout",
    doc: "i32 per cell: the last step in which a mover ended there.",
  },
  {
    name: "CK_REACHED",
    sized: "layout",
    doc: "i32 per cell: the check's search that reached it.",
  },
  {
    name: "CK_QUEUE",
    sized: "layout",
    doc: "i32 per cell: the check's search queue.",
  },
  {
    name: "CK_RESOLVED",
    sized: "layout",
    doc: "i32 per person: the step of its event, or -1.",
  },
];

/** The codes, group by group. */
export const CODE_GROUPS: readonly Group[] = [
  {
    title: "Action codes (a log entry): stay, then N, E, S, W.",
    type: "u8",
    names: "ACTION_NAMES",
    codes: [
      { name: "ACTION_STAY", text: "stay", doc: "Stay." },
      { name: "ACTION_NORTH", text: "north", doc: "Move to row - 1." },
      { name: "ACTION_EAST", text: "east", doc: "Move to column + 1." },
      { name: "ACTION_SOUTH", text: "south", doc: "Move to row + 1." },
      { name: "ACTION_WEST", text: "west", doc: "Move to column - 1." },
    ],
  },
  {
    title: "Outcome codes of a movement.",
    type: "u8",
    names: "OUTCOME_NAMES",
    codes: [
      { name: "OUTCOME_STAYED", text: "stayed", doc: "The action was stay." },
      { name: "OUTCOME_MOVED", text: "moved", doc: "The person moved." },
      {
        name: "OUTCOME_BLOCKED_BOUNDARY",
        text: "blocked_boundary",
        doc: "The target is off the grid.",
      },
      {
        name: "OUTCOME_BLOCKED_WALL",
        text: "blocked_wall",
        doc: "The target is a wall.",
      },
      {
        name: "OUTCOME_BLOCKED_FIRE",
        text: "blocked_fire",
        doc: "The target burns and fire blocks.",
      },
      {
        name: "OUTCOME_BLOCKED_OCCUPIED",
        text: "blocked_occupied",
        doc: "The target's occupant does not move.",
      },
      {
        name: "OUTCOME_BLOCKED_CONFLICT",
        text: "blocked_conflict",
        doc: "Another mover won the target.",
      },
      {
        name: "OUTCOME_BLOCKED_CYCLE",
        text: "blocked_cycle",
        doc: "The chain of targets closes on itself.",
      },
      {
        name: "OUTCOME_PENDING",
        value: 254,
        doc: "A mover whose outcome is still open during steps 2–3.",
      },
      {
        name: "OUTCOME_NONE",
        value: 255,
        doc: "A person who was not active before the step.",
      },
    ],
  },
  {
    title: "Status codes of a person.",
    type: "u8",
    names: "STATUS_NAMES",
    codes: [
      { name: "STATUS_ACTIVE", text: "active", doc: "Still in the grid." },
      { name: "STATUS_EVACUATED", text: "evacuated", doc: "Left by an exit." },
      { name: "STATUS_CASUALTY", text: "casualty", doc: "Died in the fire." },
    ],
  },
  {
    title: "Event codes of a person in one step.",
    type: "u8",
    codes: [
      { name: "EVENT_NONE", doc: "Nothing happened." },
      {
        name: "EVENT_EVACUATED",
        doc: "Evacuated through the exit under the person (step 5).",
      },
      {
        name: "EVENT_ENTERED_FIRE",
        doc: "Casualty `entered_fire` (step 4).",
      },
      { name: "EVENT_FIRE_SPREAD", doc: "Casualty `fire_spread` (step 7)." },
    ],
  },
  {
    title: "Termination codes of a state.",
    type: "i32",
    codes: [
      { name: "TERM_NONE", doc: "Not terminated." },
      { name: "TERM_ALL_RESOLVED", doc: "Terminated with `all_resolved`." },
      { name: "TERM_MAX_STEPS", doc: "Terminated with `max_steps`." },
    ],
  },
  {
    title:
      "Neighbour bits of R_EDGES; action code c (1..4) is bit 1 << (c - 1).",
    type: "u8",
    codes: [
      { name: "HAS_N", value: 1, doc: "A cell north (row - 1)." },
      { name: "HAS_E", value: 2, doc: "A cell east (column + 1)." },
      { name: "HAS_S", value: 4, doc: "A cell south (row + 1)." },
      { name: "HAS_W", value: 8, doc: "A cell west (column - 1)." },
    ],
  },
  {
    title: "What run(), step() and stepOnce() return; the host's stop names.",
    type: "i32",
    names: "RUN_STOPS",
    codes: [
      {
        name: "RUN_OK",
        text: "terminated",
        doc: "The episode terminated (step(): the step was played).",
      },
      {
        name: "RUN_LOG_ENDED",
        text: "log_ended",
        doc: "The log has no more steps and the episode has not terminated.",
      },
      {
        name: "RUN_BAD_ACTION",
        text: "bad_action",
        doc: "A step of the right count holds a code above ACTION_WEST.",
      },
      {
        name: "RUN_LOG_MISMATCH",
        text: "log_mismatch",
        doc:
          "A step's count differs from the active people, or ends past the codes.",
      },
    ],
  },
  {
    title:
      "What checkTrace() returns: 0, or the first failing check, in the reference's order.",
    type: "i32",
    names: "CHECK_NAMES",
    codes: [
      { name: "CHECK_HOLDS", text: "holds", doc: "Every check holds." },
      {
        name: "CHECK_NOT_TERMINATED",
        text: "not_terminated",
        doc: "run() did not terminate: there is no record to check.",
      },
      {
        name: "CHECK_NO_STEPS",
        text: "no_steps",
        doc: "The record has no steps.",
      },
      {
        name: "CHECK_TRACE_SHAPE",
        text: "trace_shape",
        doc: "The trace's entries of a step are not one per active person.",
      },
      {
        name: "CHECK_INITIAL_TRAPPED",
        text: "initial_trapped",
        doc: "initial_state.trapped differs from the recomputation.",
      },
      {
        name: "CHECK_INITIAL_TERMINATION",
        text: "initial_termination",
        doc: "initial_state.terminated or termination_reason is wrong.",
      },
      {
        name: "CHECK_OUTCOME_ACTION",
        text: "outcome_action",
        doc: "movements[j].outcome: stayed exactly when the action is stay.",
      },
      {
        name: "CHECK_MOVED_OFF_FLOOR",
        text: "moved_off_floor",
        doc: "movements[j].outcome: moved outside the grid or into a wall.",
      },
      {
        name: "CHECK_SHARED_CELL",
        text: "shared_cell",
        doc: "movements[j]: two people end the step in one cell.",
      },
      {
        name: "CHECK_IGNITION_OFF_FLOOR",
        text: "ignition_off_floor",
        doc: "ignitions[k] outside the grid or on a wall.",
      },
      {
        name: "CHECK_IGNITION_BURNING",
        text: "ignition_burning",
        doc: "ignitions[k] already burning.",
      },
      {
        name: "CHECK_IGNITION_ORDER",
        text: "ignition_order",
        doc: "ignitions[k] not after ignitions[k - 1] in row-major order.",
      },
      {
        name: "CHECK_ACTIVE_ON_FIRE",
        text: "active_on_fire",
        doc: "state.people[i]: active on a burning cell.",
      },
      {
        name: "CHECK_ACTIVE_ON_EXIT",
        text: "active_on_exit",
        doc: "state.people[i]: active on an exit.",
      },
      {
        name: "CHECK_EVACUATION_CELL",
        text: "evacuation_cell",
        doc: "evacuations[e]: not at an exit usable before the step.",
      },
      {
        name: "CHECK_EVACUATION_EXIT",
        text: "evacuation_exit",
        doc:
          "evacuations[e].exit_id: the text names the exit of the target cell.",
      },
      {
        name: "CHECK_CASUALTY_NO_FIRE",
        text: "casualty_no_fire",
        doc: "casualties[c]: no fire entered or ignited at the person's cell.",
      },
      {
        name: "CHECK_CASUALTY_CAUSE",
        text: "casualty_cause",
        doc: "casualties[c].cause differs from the fire's.",
      },
      {
        name: "CHECK_TRAPPED",
        text: "trapped",
        doc: "state.trapped differs from the recomputation.",
      },
      {
        name: "CHECK_TERMINATION",
        text: "termination",
        doc: "state.terminated or termination_reason is wrong.",
      },
      {
        name: "CHECK_FINAL_STATUS",
        text: "final_status",
        doc: "final_state.people[i].status differs from s_T's.",
      },
      {
        name: "CHECK_FINAL_POSITION",
        text: "final_position",
        doc: "final_state.people[i].position differs from s_T's.",
      },
      {
        name: "CHECK_FINAL_RESOLUTION",
        text: "final_resolution",
        doc: "final_state.people[i].resolution_step differs from the events'.",
      },
    ],
  },
];

/** The whole table: the regions, then the groups of codes. */
export type KernelCodes = {
  readonly regions: readonly Region[];
  readonly groups: readonly Group[];
};

/** The table the kernel and its host are built from. */
export const KERNEL_CODES: KernelCodes = {
  regions: REGION_TABLE,
  groups: CODE_GROUPS,
};

/** A code's value: its own, or its index in the group. */
function valueOf(code: Code, index: number): number {
  return code.value ?? index;
}

/**
 * Refuse a table that the kernel could not rely on: duplicate names, codes
 * with one value in one group, a value outside the group's type, a list of
 * names with a hole, or a region sized by the log before `R_ACTIONS`.
 */
function checked({ regions, groups }: KernelCodes): void {
  const seen = new Set<string>();
  const name = (n: string) => {
    if (seen.has(n)) throw new Error(`${n} is declared twice`);
    seen.add(n);
  };
  regions.forEach((r) => name(`R_${r.name}`));
  name("REGIONS");
  const actions = regions.findIndex((r) => r.name === "ACTIONS");
  const early = regions.slice(0, actions).find((r) => r.sized !== "layout");
  if (actions < 0 || early !== undefined) {
    throw new Error(
      `every region before R_ACTIONS must be sized by the layout only (readTextLog)`,
    );
  }
  for (const g of groups) {
    if (g.names !== undefined) name(g.names);
    const values = new Set<number>();
    g.codes.forEach((c, i) => {
      name(c.name);
      const v = valueOf(c, i);
      const max = g.type === "u8" ? 0xff : 0x7fffffff;
      if (!Number.isInteger(v) || v < 0 || v > max || values.has(v)) {
        throw new Error(`${c.name} has the value ${v}`);
      }
      values.add(v);
      if (
        g.names !== undefined &&
        (c.text === undefined) !== (c.value !== undefined)
      ) {
        throw new Error(`${c.name}: only the codes by index have a name`);
      }
    });
    // A list of names is by code: the named codes are 0, 1, 2, … in turn.
    const named = g.codes.filter((c) => c.text !== undefined);
    if (named.some((c) => g.codes.indexOf(c) !== named.indexOf(c))) {
      throw new Error(`${g.names}: the named codes must come first`);
    }
  }
}

const GENERATED =
  "GENERATED by scripts/build_wasm.ts from the table in scripts/gen_kernel_codes.ts: do not edit; edit the table.";

/** The order note of the regions, as comment lines. */
const ORDER = [
  "Regions of linear memory, in id order, which is the order in which",
  "prepare() places them. readTextLog() (replay.ts) relies on it: no region",
  "before R_ACTIONS is sized by the log, so a second prepare() for the log",
  "it read leaves the inputs and the codes where they are.",
];

/** `assembly/codes.ts` of a table (by default the kernel's). */
export function assemblyCodes(table: KernelCodes = KERNEL_CODES): string {
  checked(table);
  const out: string[] = [
    `// ${GENERATED}`,
    "//",
    "// The replay kernel's region ids and codes, for replay.ts, record_text.ts",
    "// and trace_checks.ts; the host reads the same values from",
    "// src/kernel_codes.ts.",
    "",
    ...ORDER.map((l) => `// ${l}`),
  ];
  table.regions.forEach((r, id) => {
    if (r.part !== undefined) out.push("", `// ${r.part}`);
    out.push(`/** ${r.doc} */`, `export const R_${r.name}: i32 = ${id};`);
  });
  out.push(
    "",
    "/** The number of regions. */",
    `export const REGIONS: i32 = ${table.regions.length};`,
  );
  for (const g of table.groups) {
    out.push("", `// ${g.title}`);
    g.codes.forEach((c, i) => {
      out.push(
        `/** ${c.doc} */`,
        `export const ${c.name}: ${g.type} = ${valueOf(c, i)};`,
      );
    });
  }
  return out.join("\n") + "\n";
}

/** `src/kernel_codes.ts` of a table (by default the kernel's). */
export function typeScriptCodes(table: KernelCodes = KERNEL_CODES): string {
  checked(table);
  const out: string[] = [
    `// ${GENERATED}`,
    "",
    "/**",
    " * The replay kernel's region ids and codes, for its host (`src/replay/`)",
    " * and the TypeScript reference (`src/sim/step.ts`); the kernel reads the",
    " * same values from `assembly/codes.ts`.",
    " *",
    " * @module",
    " */",
    "",
    ...ORDER.map((l) => `// ${l}`),
  ];
  table.regions.forEach((r, id) => {
    if (r.part !== undefined) out.push("", `// ${r.part}`);
    out.push(`/** ${r.doc} */`, `export const R_${r.name} = ${id};`);
  });
  out.push(
    "",
    "/** The number of regions. */",
    `export const REGIONS = ${table.regions.length};`,
  );
  for (const g of table.groups) {
    out.push("", `// ${g.title}`);
    g.codes.forEach((c, i) => {
      out.push(`/** ${c.doc} */`, `export const ${c.name} = ${valueOf(c, i)};`);
    });
    if (g.names !== undefined) {
      out.push(
        "",
        `/** The names of the codes above, by code. */`,
        `export const ${g.names} = [`,
        ...g.codes.filter((c) => c.text !== undefined).map((c) =>
          `  "${c.text}",`
        ),
        "] as const;",
      );
    }
  }
  return out.join("\n") + "\n";
}

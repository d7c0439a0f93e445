/**
 * The viewer's decision panel (`show --transcript`): beside the grid, the
 * current step's answer time and `info`. It is a second inline script that
 * watches the frame's `data-step`, so it follows the slider, the keys and
 * play without a change to the viewer's own script, and a page without a
 * transcript keeps its bytes. The decisions are embedded as escaped JSON and
 * every text goes in with `textContent`: nothing from `info` becomes markup.
 *
 * @module
 */

import { jsonForScript } from "../escape.ts";
import type { DecisionView } from "./transcript_view.ts";

/** The panel's style, appended to the viewer's. */
export const PANEL_CSS = `#decision { flex: 1 1 300px; max-width: 460px; }
#decision pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3em 0;
  padding: .4em; background: #f3f3f3; border: 1px solid #ccc; font-size: 12px;
  max-height: 30em; overflow: auto; }
#decision summary { cursor: pointer; }
`;

/** The panel's script; the page's Content-Security-Policy allows it by hash. */
export const PANEL_SCRIPT = `"use strict";
(() => {
  const decisions = JSON.parse(document.getElementById("decisions").textContent);
  const byStep = new Map(decisions.map((d) => [d.step, d]));
  const frame = document.getElementById("frame");
  const head = document.getElementById("decision-head");
  const body = document.getElementById("decision-info");
  const add = (name, text, parent, className) => {
    const e = document.createElement(name);
    e.textContent = text;
    if (className) e.className = className;
    parent.appendChild(e);
    return e;
  };
  const show = () => {
    const step = Number(frame.getAttribute("data-step"));
    const d = byStep.get(step);
    body.replaceChildren();
    if (d === undefined) {
      head.textContent = step === 0
        ? "Step 0 is the initial state: the first decision is step 1's."
        : "No decision for step " + step + ".";
      return;
    }
    head.textContent = "Step " + d.step + "'s decision, on the state of step " +
      (d.step - 1) + ": answered in " + d.ms + " ms.";
    if (d.info === null) {
      add("p", "No info given.", body, "none");
      return;
    }
    add("p", d.json ? "info (JSON):" : "info:", body, "label");
    if (d.preview === null) {
      add("pre", d.info, body, "info");
      return;
    }
    const preview = add("pre", d.preview, body, "info preview");
    const more = add("details", "", body, "more");
    add("summary", "show the whole info (" + d.characters + " characters)", more);
    add("pre", d.info, more, "info full");
    // Open, the whole text replaces its start rather than repeating it.
    more.addEventListener("toggle", () => { preview.hidden = more.open; });
  };
  new MutationObserver(show).observe(frame, { attributes: true, attributeFilter: ["data-step"] });
  show();
})();
`;

/** The panel's place in the page: a column beside the grid. */
export const PANEL_MARKUP = `<div id="decision">
<h2>Decision</h2>
<p id="decision-head"></p>
<div id="decision-info"></div>
<p class="note">From the transcript: the answer time and the policy's info for the step shown.</p>
</div>
`;

/**
 * The decisions as the JSON element the panel's script reads.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decisionsElement } from "./decision_panel.ts";
 * const html = decisionsElement([{ step: 1, ms: "1.0", info: "</script><b>", json: false, preview: null, characters: 12 }]);
 * assert.ok(!html.slice(0, -9).includes("</script>") && !html.includes("<b>"));
 * ```
 */
export function decisionsElement(decisions: readonly DecisionView[]): string {
  return `<script type="application/json" id="decisions">${
    jsonForScript(decisions)
  }</script>`;
}

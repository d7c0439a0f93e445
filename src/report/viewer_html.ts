/**
 * The episode viewer page of `show`: one self-contained HTML file that
 * animates the grid (walls, exits, fire, people; evacuations, casualties
 * and trapped people marked) with play/pause, a step slider and keyboard
 * steps, beside the episode's key metrics. The episode is embedded as JSON
 * in a `<script type="application/json">` element (escaped so that no text
 * can end it); the one inline script is allowed by its SHA-256 in the
 * page's Content-Security-Policy, which forbids loading anything else.
 *
 * @module
 */

import { Sha256 } from "../json/sha256.ts";
import { escapeHtml, jsonForScript } from "../escape.ts";
import type { EpisodeView } from "./episode_view.ts";
import {
  decisionsElement,
  PANEL_CSS,
  PANEL_MARKUP,
  PANEL_SCRIPT,
} from "./decision_panel.ts";
import type { DecisionView } from "./transcript_view.ts";

// Okabe–Ito colours; every state also has its own shape or letter, so the
// frames read in grey print and for colour-blind readers.
const CSS = `
body { font: 14px/1.45 system-ui, sans-serif; color: #000; background: #fff;
  margin: 1.2em; }
h1 { font-size: 20px; margin: 0 0 .3em; }
main { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
main > div:first-child { max-width: 440px; }
#grid { border: 1px solid #999; background: #fff; }
.controls { margin: .6em 0; display: flex; gap: .6em; align-items: center; }
.controls input[type=range] { width: 260px; }
button { font: inherit; padding: 2px 10px; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; }
#status { font-weight: bold; } #events { min-height: 3em; font-size: 13px; }
.legend svg { vertical-align: middle; }
.legend span { margin-right: 1em; white-space: nowrap; }
`;

const SCRIPT = `"use strict";
(() => {
  const data = JSON.parse(document.getElementById("episode").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.getElementById("grid");
  const slider = document.getElementById("step");
  const play = document.getElementById("play");
  const status = document.getElementById("status");
  const events = document.getElementById("events");
  const rows = data.grid.length, cols = Math.max(...data.grid.map((r) => r.length));
  const size = Math.max(12, Math.min(32, Math.floor(420 / Math.max(cols, 1))));
  svg.setAttribute("width", String(cols * size));
  svg.setAttribute("height", String(rows * size));
  svg.setAttribute("viewBox", "0 0 " + cols * size + " " + rows * size);
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, String(attrs[k]));
    parent.appendChild(e);
    return e;
  };
  const base = el("g", {}, svg);
  data.grid.forEach((line, r) => {
    [...line].forEach((ch, c) => {
      el("rect", { x: c * size, y: r * size, width: size, height: size,
        fill: ch === "#" ? "#3a3a3a" : "#ffffff", stroke: "#d0d0d0" }, base);
    });
  });
  data.exits.forEach((e) => {
    el("rect", { x: e.col * size + 1, y: e.row * size + 1, width: size - 2,
      height: size - 2, fill: "#009E73" }, base);
    const t = el("text", { x: e.col * size + size / 2, y: e.row * size + size * 0.68,
      "text-anchor": "middle", "font-size": size * 0.5, fill: "#fff",
      "font-weight": "bold" }, base);
    t.textContent = "E";
  });
  const layer = el("g", { id: "frame" }, svg);
  let index = 0, timer = null;
  const draw = (i) => {
    index = Math.max(0, Math.min(data.frames.length - 1, i));
    slider.value = String(index);
    const f = data.frames[index];
    layer.replaceChildren();
    layer.setAttribute("data-step", String(f.step));
    f.burning.forEach(([r, c]) => {
      el("rect", { class: "fire", x: c * size + 1, y: r * size + 1, width: size - 2,
        height: size - 2, fill: "#D55E00" }, layer);
      el("path", { d: "M" + (c * size + size / 2) + "," + (r * size + size * 0.2) +
        " l" + size * 0.22 + "," + size * 0.55 + " h-" + size * 0.44 + "z",
        fill: "#ffd9c2" }, layer);
    });
    f.people.filter((p) => p.status === "active").forEach((p) => {
      el("circle", { class: p.trapped ? "person trapped" : "person",
        cx: p.col * size + size / 2, cy: p.row * size + size / 2, r: size * 0.3,
        fill: p.trapped ? "#E69F00" : "#0072B2",
        stroke: p.trapped ? "#000" : "#fff", "stroke-width": p.trapped ? 3 : 1.5,
        "stroke-dasharray": p.trapped ? "3 2" : "none" }, layer)
        .appendChild(document.createElementNS(NS, "title")).textContent =
          p.id + (p.trapped ? " (trapped)" : "");
    });
    f.evacuations.forEach((e) => {
      el("circle", { class: "evacuation", cx: e.col * size + size / 2,
        cy: e.row * size + size / 2, r: size * 0.42, fill: "none",
        stroke: "#56B4E9", "stroke-width": 3 }, layer);
    });
    f.casualties.forEach((c) => {
      const x = c.col * size, y = c.row * size, m = size * 0.2;
      el("path", { class: "casualty", d: "M" + (x + m) + "," + (y + m) + "L" +
        (x + size - m) + "," + (y + size - m) + "M" + (x + size - m) + "," +
        (y + m) + "L" + (x + m) + "," + (y + size - m),
        stroke: "#000", "stroke-width": 3.5 }, layer);
    });
    const active = f.people.filter((p) => p.status === "active").length;
    const trapped = f.people.filter((p) => p.trapped).length;
    const evacuated = f.people.filter((p) => p.status === "evacuated").length;
    const casualties = f.people.filter((p) => p.status === "casualty").length;
    status.textContent = "step " + f.step + " of " + (data.frames.length - 1) +
      ": active " + active + " (trapped " + trapped + "), evacuated " +
      evacuated + ", casualties " + casualties + ", burning cells " +
      f.burning.length + (f.terminated ? "; ended: " + f.reason : "");
    events.replaceChildren();
    const say = (text) => {
      const li = document.createElement("li");
      li.textContent = text;
      events.appendChild(li);
    };
    f.evacuations.forEach((e) => say("evacuated " + e.person + " via " + e.exit));
    f.casualties.forEach((c) => say("casualty " + c.person + " (" + c.cause + ")"));
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "Play";
  };
  const start = () => {
    if (index >= data.frames.length - 1) draw(0);
    play.textContent = "Pause";
    timer = setInterval(() => {
      if (index >= data.frames.length - 1) stop(); else draw(index + 1);
    }, 500);
  };
  slider.max = String(data.frames.length - 1);
  slider.addEventListener("input", () => { stop(); draw(Number(slider.value)); });
  play.addEventListener("click", () => (timer === null ? start() : stop()));
  document.getElementById("prev").addEventListener("click", () => { stop(); draw(index - 1); });
  document.getElementById("next").addEventListener("click", () => { stop(); draw(index + 1); });
  document.addEventListener("keydown", (e) => {
    if (e.target === slider && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
    if (e.key === "ArrowRight") { stop(); draw(index + 1); }
    else if (e.key === "ArrowLeft") { stop(); draw(index - 1); }
    else if (e.key === "Home") { stop(); draw(0); }
    else if (e.key === "End") { stop(); draw(data.frames.length - 1); }
    else if (e.key === " ") { e.preventDefault(); timer === null ? start() : stop(); }
    else return;
  });
  draw(0);
})();
`;

const LEGEND = `<p class="legend">
<span><svg width="16" height="16"><rect width="16" height="16" fill="#3a3a3a"/></svg> wall</span>
<span><svg width="16" height="16"><rect width="16" height="16" fill="#009E73"/><text x="8" y="12" font-size="10" text-anchor="middle" fill="#fff">E</text></svg> exit</span>
<span><svg width="16" height="16"><rect width="16" height="16" fill="#D55E00"/><path d="M8,3 l3.5,9 h-7z" fill="#ffd9c2"/></svg> fire</span>
<span><svg width="16" height="16"><circle cx="8" cy="8" r="5" fill="#0072B2"/></svg> person</span>
<span><svg width="16" height="16"><circle cx="8" cy="8" r="5" fill="#E69F00" stroke="#000" stroke-width="2" stroke-dasharray="3 2"/></svg> trapped (no path to a usable exit)</span>
<span><svg width="16" height="16"><circle cx="8" cy="8" r="6" fill="none" stroke="#56B4E9" stroke-width="2.5"/></svg> evacuated this step</span>
<span><svg width="16" height="16"><path d="M3,3L13,13M13,3L3,13" stroke="#000" stroke-width="2.5"/></svg> casualty this step</span>
</p>`;

/**
 * The viewer page of one episode; with `decisions` (from a transcript), a
 * panel beside the grid shows the current step's answer time and info.
 * Without them the page is what it was before the panel existed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { viewerHtml } from "./viewer_html.ts";
 * const html = viewerHtml({ scenarioId: "</script><b>", description: "\u2028", seed: 0,
 *   maxSteps: 1, grid: ["."], exits: [], metrics: [], frames: [] });
 * assert.ok(!html.includes("</script><b>") && !html.includes("\u2028"));
 * assert.match(html, /script-src 'sha256-[A-Za-z0-9+\/]+=*'/);
 * ```
 */
export function viewerHtml(
  view: EpisodeView,
  decisions?: readonly DecisionView[],
): string {
  const scriptHash = new Sha256().update(SCRIPT).base64();
  const panelHash = decisions === undefined
    ? ""
    : ` 'sha256-${new Sha256().update(PANEL_SCRIPT).base64()}'`;
  const metrics = view.metrics.map(([k, v]) =>
    `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`
  ).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'${panelHash}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>EMBERBench episode: ${
    escapeHtml(view.scenarioId)
  }, seed ${view.seed}</title>
<style>${CSS}${decisions === undefined ? "" : PANEL_CSS}</style>
</head>
<body>
<h1>Episode: scenario ${escapeHtml(view.scenarioId)}, seed ${view.seed}</h1>
<p>${escapeHtml(view.description)}</p>
<p class="note">Replayed from its recorded actions and verified before drawing.</p>
${LEGEND}
<main>
<div>
<svg id="grid" role="img" aria-label="grid of the episode" xmlns="http://www.w3.org/2000/svg"></svg>
<div class="controls">
<button id="prev" type="button" aria-label="previous step">&#9664;</button>
<button id="play" type="button">Play</button>
<button id="next" type="button" aria-label="next step">&#9654;</button>
<input id="step" type="range" min="0" max="0" value="0" step="1" aria-label="step">
</div>
<div id="status" aria-live="polite"></div>
<ul id="events"></ul>
<p class="note">Keys: &#8592; / &#8594; step, Home / End first / last step, Space play or pause.</p>
</div>
${decisions === undefined ? "" : PANEL_MARKUP}<div>
<h2>Key metrics</h2>
<table>${metrics}</table>
</div>
</main>
<script type="application/json" id="episode">${jsonForScript(view)}</script>
<script>${SCRIPT}</script>
${
    decisions === undefined
      ? ""
      : `${decisionsElement(decisions)}\n<script>${PANEL_SCRIPT}</script>\n`
  }</body>
</html>
`;
}

/**
 * The report and the episode viewer in a real browser: headless Chromium
 * (shipped inside the npm package `@sparticuz/chromium`, driven by a pinned
 * `puppeteer-core`), so that the test needs no browser installed by hand.
 * Where no browser can be started the test fails, loudly: it never skips.
 *
 * It asserts no console error, no failed or outside request, rendered marks
 * in every plot, and that the viewer's slider, keys and play button change
 * the drawn frame; with a transcript whose info tries to inject markup, that
 * the decision panel shows it as text (no element of it exists), folds the
 * long one and follows the slider and keys; on the public suite's report,
 * that each contents link
 * scrolls its section to the top and back, and that a tall plot's top axis is
 * in view above its first row. Screenshots go to tests/.output/ (not committed).
 */

import assert from "node:assert/strict";
import { BROWSER_DIR } from "./_browser_unpack.ts";
import { cli } from "./cli_support.ts";

// puppeteer-core's dependencies bring @types/node 26, which would replace
// Deno's own Node types in every file type-checked together with this one
// (and break other tests' `assert` overloads). So it is imported with a
// specifier that the type checker does not follow, and the few calls used
// here are described below. Page callbacks run in the browser, where DOM
// types apply that Deno's library does not have: hence `any` there.
const PUPPETEER = "npm:puppeteer-core@24.31.0";
// deno-lint-ignore no-explicit-any
type InPage = any;
type Handle = { screenshot(o: { path: string }): Promise<unknown> };
type Page = {
  setViewport(v: { width: number; height: number }): Promise<void>;
  on(event: string, fn: (x: InPage) => void): void;
  goto(url: string, o: { waitUntil: string }): Promise<unknown>;
  $(selector: string): Promise<Handle | null>;
  $eval<T>(selector: string, fn: (e: InPage) => T): Promise<T>;
  $$eval<T>(selector: string, fn: (e: InPage[]) => T): Promise<T>;
  screenshot(o: { path: string }): Promise<unknown>;
  click(selector: string): Promise<void>;
  keyboard: { press(key: string): Promise<void> };
  waitForFunction(fn: () => boolean, o: { timeout: number }): Promise<unknown>;
};
type Browser = { newPage(): Promise<Page>; close(): Promise<void> };
const puppeteer = (await import(PUPPETEER)).default as {
  launch(options: Record<string, unknown>): Promise<Browser>;
};

const ROOT = new URL("../", import.meta.url).pathname;
const OUTPUT = `${ROOT}tests/.output`;
const FIXTURES = "tests/fixtures/statistics";

/** Unpack the packaged Chromium (in its own process) and start it headless. */
async function launch(): Promise<Browser> {
  try {
    const unpack = await new Deno.Command("deno", {
      args: [
        "run",
        "--no-prompt",
        "--allow-read",
        "--allow-write=tests/.output/browser",
        "--allow-env",
        "--allow-sys",
        "tests/_browser_unpack.ts",
      ],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (unpack.code !== 0) {
      throw new Error(new TextDecoder().decode(unpack.stderr));
    }
    const { path, args } = JSON.parse(new TextDecoder().decode(unpack.stdout));
    await Deno.mkdir(`${BROWSER_DIR}/profile`, { recursive: true });
    return await puppeteer.launch({
      executablePath: path,
      args,
      headless: true,
      userDataDir: `${BROWSER_DIR}/profile`,
    });
  } catch (e) {
    throw new Error(
      `no headless Chromium could be started for the browser tests (npm:@sparticuz/chromium): ${
        e instanceof Error ? e.message : String(e)
      }`,
      { cause: e },
    );
  }
}

/** Open a local page, recording every console error, page error and request off the file. */
async function open(browser: Browser, file: string) {
  const page = await browser.newPage();
  await page.setViewport({ width: 900, height: 1200 });
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e}`));
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("request", (r) => {
    if (!r.url().startsWith("file://")) problems.push(`request: ${r.url()}`);
  });
  await page.goto(`file://${file}`, { waitUntil: "load" });
  return { page, problems };
}

async function frameOf(page: Page) {
  return await page.$eval("#frame", (g) => ({
    step: g.getAttribute("data-step"),
    markup: g.innerHTML,
  }));
}

Deno.test("browser: the report draws every plot; the viewer's slider, keys and play change the frame", async () => {
  await Deno.mkdir(OUTPUT, { recursive: true });
  const report = await cli(ROOT, [
    `--allow-read=${FIXTURES},tests/.output`,
    "--allow-write=tests/.output",
  ], [
    "report",
    "--out",
    "tests/.output/report.html",
    ...["stay", "greedy", "fire_aware"].map((m) =>
      `${FIXTURES}/expected_aggregate_${m}_r100.json`
    ),
    `${FIXTURES}/expected_paired_fire_aware__greedy_r100.json`,
  ]);
  assert.equal(report.code, 0, report.err);
  const show = await cli(ROOT, [
    `--allow-read=${FIXTURES},tests/.output`,
    "--allow-write=tests/.output",
  ], [
    "show",
    "--suite",
    `${FIXTURES}/suite.json`,
    "--episode",
    "8",
    "--out",
    "tests/.output/episode.html",
    `${FIXTURES}/result_greedy.json`,
  ]);
  assert.equal(show.code, 0, show.err);

  const browser = await launch();
  try {
    const r = await open(browser, `${OUTPUT}/report.html`);
    const plots = await r.page.$$eval(
      'svg[class^="plot-"]',
      (svgs) =>
        svgs.map((svg) => {
          const marks = [
            ...svg.querySelectorAll('g[aria-label="dot"] > *'),
          ];
          const box = marks[0]?.getBoundingClientRect();
          return {
            marks: marks.length,
            drawn: box !== undefined && box.width > 0 && box.height > 0,
          };
        }),
    );
    // 12 metrics x (one forest plot for the pair + one means plot).
    assert.equal(plots.length, 24);
    plots.forEach((p, i) => {
      assert.ok(p.marks > 0 && p.drawn, `plot ${i} has no rendered mark`);
    });
    await r.page.screenshot({ path: `${OUTPUT}/report-top.png` });
    const section = await r.page.$("#metric-casualty_rate");
    await section!.screenshot({ path: `${OUTPUT}/report-casualty_rate.png` });
    assert.deepEqual(r.problems, []);

    const v = await open(browser, `${OUTPUT}/episode.html`);
    const first = await frameOf(v.page);
    assert.equal(first.step, "0");
    assert.match(first.markup, /class="person"/);
    await v.page.screenshot({ path: `${OUTPUT}/episode-step0.png` });
    await v.page.$eval("#step", (el) => {
      const input = el as unknown as {
        value: string;
        dispatchEvent(e: Event): boolean;
      };
      input.value = "3";
      input.dispatchEvent(new Event("input"));
    });
    const moved = await frameOf(v.page);
    assert.equal(moved.step, "3");
    assert.notEqual(moved.markup, first.markup);
    await v.page.screenshot({ path: `${OUTPUT}/episode-step3.png` });
    await v.page.keyboard.press("ArrowRight");
    assert.equal((await frameOf(v.page)).step, "4");
    await v.page.keyboard.press("Home");
    assert.equal((await frameOf(v.page)).step, "0");
    await v.page.click("#play");
    await new Promise((resolve) => setTimeout(resolve, 1300));
    await v.page.click("#play"); // pause: frame and panel read at one step
    const playing = await frameOf(v.page);
    assert.ok(Number(playing.step) >= 2, `play stayed at ${playing.step}`);
    // Evacuations and casualties are marked in the frame of their step, as
    // many as the record lists there.
    const result = JSON.parse(
      await Deno.readTextFile(`${ROOT}${FIXTURES}/result_greedy.json`),
    );
    const steps = result.episodes[8].record.steps as {
      step: number;
      evacuations: unknown[];
      casualties: unknown[];
    }[];
    const marked = steps.filter((s) =>
      s.evacuations.length + s.casualties.length > 0
    );
    assert.ok(marked.some((s) => s.casualties.length > 0));
    for (const s of marked) {
      await v.page.keyboard.press("Home");
      for (let k = 0; k < s.step; k++) {
        await v.page.keyboard.press("ArrowRight");
      }
      const counts = await v.page.$eval("#frame", (g) => ({
        step: g.getAttribute("data-step"),
        evacuations: g.querySelectorAll(".evacuation").length,
        casualties: g.querySelectorAll(".casualty").length,
      }));
      if (s.casualties.length > 0) {
        await v.page.screenshot({
          path: `${OUTPUT}/episode-casualty-step${s.step}.png`,
        });
      }
      assert.deepEqual(counts, {
        step: String(s.step),
        evacuations: s.evacuations.length,
        casualties: s.casualties.length,
      });
    }
    const status = await v.page.$eval("#status", (e) => e.textContent ?? "");
    assert.match(status, /^step \d+ of 5: /);
    assert.deepEqual(v.problems, []);
  } finally {
    await browser.close();
  }
});

Deno.test("browser: the report's contents scroll to every metric section and back; a tall plot shows its axis above its top rows", async () => {
  // The public suite (the demo's artifacts) gives the tallest plots.
  const demo = "tests/.output/demo-report";
  const made = await cli(ROOT, [
    `--allow-read=${demo}`,
    `--allow-write=${demo}`,
  ], ["demo", "--out", demo]);
  assert.equal(made.code, 0, made.err);
  const report = await cli(ROOT, [
    `--allow-read=${demo}`,
    `--allow-write=${demo}`,
  ], [
    "report",
    "--out",
    `${demo}/report.html`,
    ...["stay", "random", "greedy", "fire_aware"].map((m) =>
      `${demo}/${m}.stats.json`
    ),
    `${demo}/compare.fire_aware-vs-greedy.json`,
  ]);
  assert.equal(report.code, 0, report.err);
  const metrics = (JSON.parse(
    await Deno.readTextFile(
      `${ROOT}${demo}/compare.fire_aware-vs-greedy.json`,
    ),
  ).metric_definitions as { metric: string }[]).map((d) => d.metric);
  assert.equal(metrics.length, 12);

  const browser = await launch();
  try {
    const r = await open(browser, `${ROOT}${demo}/report.html`);
    for (const m of metrics) {
      await r.page.click(`nav#contents a[href="#metric-${m}"]`);
      const at = await r.page.$eval(`#metric-${m}`, (el) => ({
        top: el.getBoundingClientRect().top,
        scrolled: (globalThis as InPage).scrollY,
        hash: (globalThis as InPage).location.hash,
      }));
      assert.equal(at.hash, `#metric-${m}`);
      assert.ok(at.scrolled > 0, `${m}: the page did not scroll`);
      // The section's top edge is at the top of the window (within 2 px).
      assert.ok(Math.abs(at.top) <= 2, `${m}: section top at ${at.top} px`);
      await r.page.click(`#metric-${m} p.top a[href="#top"]`);
      const back = await r.page.$eval("#top", (el) => ({
        top: el.getBoundingClientRect().top,
        scrolled: (globalThis as InPage).scrollY,
      }));
      // The page's heading is at the top of the window again.
      assert.ok(Math.abs(back.top) <= 2, `${m}: back to top at ${back.top} px`);
      assert.ok(
        back.scrolled < 50,
        `${m}: back to top left ${back.scrolled} px`,
      );
    }

    // The tallest plot, scrolled so that its top edge is the window's.
    const tall = await r.page.$$eval('svg[class^="plot-"]', (svgs) => {
      const svg = svgs.reduce((a, b) =>
        b.getBoundingClientRect().height > a.getBoundingClientRect().height
          ? b
          : a
      );
      svg.setAttribute("id", "tallest");
      svg.scrollIntoView({ block: "start" });
      const view = (globalThis as InPage).innerHeight;
      const dots = [...svg.querySelectorAll('g[aria-label="dot"] > *')].map((
        d,
      ) => d.getBoundingClientRect());
      const axes = [
        ...svg.querySelectorAll('g[aria-label="x-axis tick label"]'),
      ].map((g) => {
        const box = g.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          text: [...g.querySelectorAll("text")].map((t) => t.textContent),
        };
      });
      return {
        height: svg.getBoundingClientRect().height,
        view,
        firstDot: Math.min(...dots.map((d) => d.top)),
        lastDot: Math.max(...dots.map((d) => d.bottom)),
        axes,
      };
    });
    assert.ok(tall.height > 900, `the tallest plot is ${tall.height} px`);
    assert.equal(tall.axes.length, 2);
    const [top, bottom] = [...tall.axes].sort((a, b) => a.top - b.top);
    // The top axis is inside the window, above the plot's first row ...
    assert.ok(top!.top >= 0 && top!.bottom <= tall.view, "top axis in view");
    assert.ok(top!.bottom <= tall.firstDot, "top axis above the first row");
    // ... and the bottom one below its last row, a screen's worth away.
    assert.ok(bottom!.top >= tall.lastDot, "bottom axis below the last row");
    assert.ok(bottom!.top - top!.bottom > 800);
    assert.deepEqual(top!.text, bottom!.text);
    assert.ok(top!.text.length > 0);
    await r.page.screenshot({ path: `${OUTPUT}/report-tall-plot-top.png` });
    assert.deepEqual(r.problems, []);
  } finally {
    await browser.close();
  }
});

/** What the decision panel shows: its heading, its elements and texts. */
async function panelOf(page: Page) {
  return await page.$eval("#decision", (panel) => {
    const box = (e: InPage) => e.getBoundingClientRect().height;
    const details = panel.querySelector("details");
    const full = details?.querySelector("pre");
    return {
      head: panel.querySelector("#decision-head").textContent,
      pres: [...panel.querySelectorAll("#decision-info > pre")].filter((p) =>
        p.checkVisibility()
      ).map((p) => p.textContent),
      elements: [...panel.querySelectorAll("*")].map((e) =>
        e.tagName.toLowerCase()
      ),
      folded: details === null ? null : {
        open: details.open,
        summary: details.querySelector("summary").textContent,
        full: full.textContent,
        // A closed <details> hides its content (content-visibility).
        shown: full.checkVisibility(),
        height: box(details),
      },
      images: (globalThis as InPage).document.querySelectorAll("img").length,
    };
  });
}

Deno.test("browser: the decision panel shows a transcript's info as text, folds long info and follows the slider and keys", async () => {
  const out = "tests/.output/transcript";
  await Deno.mkdir(`${ROOT}${out}`, { recursive: true });
  const flags = [
    `--allow-read=${FIXTURES},${out}`,
    `--allow-write=${out}`,
  ];
  const run = await cli(ROOT, flags, [
    "run",
    "--suite",
    `${FIXTURES}/suite.json`,
    "--policy",
    "greedy",
    "--transcript",
    `${out}/greedy.jsonl`,
    "--out",
    `${out}/greedy.json`,
    "-q",
  ]);
  assert.equal(run.code, 0, run.err);
  // Episode 8 (5 steps) gets infos that try to inject markup, and a long one.
  const inject = "</script><img src=x onerror=alert(1)>";
  const long = `${"why ".repeat(1500)}<img src=y onerror=alert(2)>`;
  const infos: Record<number, unknown> = {
    1: inject,
    2: { note: "<b>bold</b>", step: 2 },
    3: long,
  };
  const lines = (await Deno.readTextFile(`${ROOT}${out}/greedy.jsonl`))
    .trimEnd().split("\n").map((l, i) => {
      if (i === 0) return l;
      const d = JSON.parse(l);
      return d.episode === 8 && d.step in infos
        ? JSON.stringify({ ...d, info: infos[d.step] })
        : l;
    });
  await Deno.writeTextFile(
    `${ROOT}${out}/greedy.jsonl`,
    `${lines.join("\n")}\n`,
  );
  const show = await cli(ROOT, flags, [
    "show",
    "--suite",
    `${FIXTURES}/suite.json`,
    "--episode",
    "8",
    "--transcript",
    `${out}/greedy.jsonl`,
    "--out",
    `${out}/episode.html`,
    `${out}/greedy.json`,
  ]);
  assert.equal(show.code, 0, show.err);

  const browser = await launch();
  try {
    const v = await open(browser, `${ROOT}${out}/episode.html`);
    const at0 = await panelOf(v.page);
    assert.equal(
      at0.head,
      "Step 0 is the initial state: the first decision is step 1's.",
    );
    assert.deepEqual(at0.pres, []);

    await v.page.keyboard.press("ArrowRight");
    const at1 = await panelOf(v.page);
    assert.equal((await frameOf(v.page)).step, "1");
    assert.match(
      at1.head,
      /^Step 1's decision, on the state of step 0: answered in \d+\.\d ms\.$/,
    );
    assert.deepEqual(at1.pres, [inject]);
    assert.equal(at1.images, 0);
    assert.ok(
      !at1.elements.includes("img") && !at1.elements.includes("script"),
    );
    await v.page.screenshot({ path: `${OUTPUT}/episode-transcript-step1.png` });

    await v.page.keyboard.press("ArrowRight");
    const at2 = await panelOf(v.page);
    assert.match(at2.head, /^Step 2's decision/);
    assert.deepEqual(at2.pres, [
      '{\n  "note": "<b>bold</b>",\n  "step": 2\n}',
    ]);
    assert.ok(!at2.elements.includes("b"), at2.elements.join(" "));

    // The slider: step 3, the long info, folded behind a closed <details>.
    await v.page.$eval("#step", (el) => {
      el.value = "3";
      el.dispatchEvent(new Event("input"));
    });
    const at3 = await panelOf(v.page);
    assert.match(at3.head, /^Step 3's decision/);
    assert.deepEqual(at3.pres, [`${long.slice(0, 600)}\u2026`]);
    const { height: closed, ...folded } = at3.folded!;
    assert.deepEqual(folded, {
      open: false,
      summary: `show the whole info (${long.length} characters)`,
      full: long,
      shown: false,
    });
    assert.equal(at3.images, 0);
    await v.page.click("#decision summary");
    // <details> fires "toggle" in a task of its own, after the click.
    await v.page.waitForFunction(
      () =>
        (globalThis as InPage).document.querySelector("#decision pre.preview")
          .hidden === true,
      { timeout: 5000 },
    );
    const opened = await panelOf(v.page);
    assert.equal(opened.folded?.open, true);
    assert.equal(opened.folded?.shown, true);
    assert.deepEqual(opened.pres, [], "the start is hidden once all is shown");
    assert.ok(
      opened.folded!.height > closed + 100,
      `${closed} px, then ${opened.folded!.height} px`,
    );
    assert.equal(opened.images, 0);
    await v.page.screenshot({ path: `${OUTPUT}/episode-transcript-step3.png` });

    // Step 4 has no info; End and Home move the panel too.
    await v.page.keyboard.press("ArrowRight");
    const at4 = await panelOf(v.page);
    assert.match(at4.head, /^Step 4's decision/);
    assert.deepEqual(at4.elements.filter((e) => e === "pre"), []);
    assert.ok(
      (await v.page.$eval("#decision-info", (e) => e.textContent)).includes(
        "No info given.",
      ),
    );
    await v.page.keyboard.press("End");
    assert.match((await panelOf(v.page)).head, /^Step 5's decision/);
    await v.page.keyboard.press("Home");
    assert.match((await panelOf(v.page)).head, /^Step 0 is the initial state/);
    // Play steps the panel with the frame.
    await v.page.click("#play");
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const playing = await frameOf(v.page);
    assert.ok(Number(playing.step) >= 2, `play stayed at ${playing.step}`);
    assert.ok(
      (await panelOf(v.page)).head.startsWith(
        `Step ${playing.step}'s decision`,
      ),
    );
    assert.deepEqual(v.problems, []);
  } finally {
    await browser.close();
  }
});

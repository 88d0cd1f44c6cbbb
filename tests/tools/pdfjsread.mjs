// SPDX-License-Identifier: MIT
//
// Read a PDF as Firefox's PDF engine (pdf.js, npm's pdfjs-dist) does,
// for the suites of tagged PDF (issue 38): what a screen reader gets.
//
// node tests/tools/pdfjsread.mjs MODE PDF
//   words   the text in reading order: the structure tree's marked
//           content, element by element, each element's text joined
//           (so "op-" at a line end and "posite" on the next line read
//           "op\u00ADposite" when the hyphen's text is a soft hyphen:
//           pdf.js 4.2.67 leaves U+00AD out of its text content, and
//           it is taken from the glyphs it draws) and split into
//           words, one a line
//   tree    the structure tree, one element a line: depth, role, then
//           alt=TEXT when it has alternate text
//   links   each link annotation, one a line, tab-separated: its page,
//           its /Contents, and the text of the Link element that holds
//           it (its marked content), or "-"
//   text    each page's text content, items joined by "|"
//   marked  each marked-content sequence with an MCID, one a line,
//           tab-separated: its page's object number, its MCID, and its
//           text as JSON (soft hyphens merged in, as for words): for a
//           reader of the whole structure tree (uawords.py), which
//           pdf.js gives only page by page
//
// node tests/tools/pdfjsread.mjs -o MODE PDF [MODE PDF]...
//   each reading written to PDF.MODE instead (a PDF read once for all
//   its modes): pdf.js takes longer to load than to read a PDF.  A
//   reading that fails writes no file and says why on stderr; exit
//   status 1 then.
//
// pdfjs-dist is installed in tests/npm/ by .ci/setup (npm ci); the
// module is found there from the repo root.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const lib = pathToFileURL(resolve("tests/npm/node_modules/pdfjs-dist/legacy/build/pdf.mjs"));
// pdf.js warns on loading that it cannot draw here (no canvas): we
// only read, so its console is quiet while it loads.
const quiet = { log: console.log, warn: console.warn };
console.log = console.warn = () => {};
const pdfjs = await import(lib.href);
Object.assign(console, quiet);

const argv = process.argv.slice(2);
const batch = argv[0] === "-o";
const jobs = batch ? argv.slice(1) : argv;
if (jobs.length < 2 || jobs.length % 2 || (!batch && jobs.length !== 2)) {
  process.stderr.write("usage: node tests/tools/pdfjsread.mjs words|tree|links|text|marked PDF\n" +
    "       node tests/tools/pdfjsread.mjs -o MODE PDF [MODE PDF]...\n");
  process.exit(2);
}

// Each page's marked content: id -> its text, from the text content's
// beginMarkedContentProps/endMarkedContent items.  pdf.js leaves a
// format mark (Unicode Cf) out of its text content, so a soft hyphen,
// U+00AD, is not there; the text it draws (its operator list: each
// glyph's Unicode, as the font's ToUnicode gives it) has it, and is
// merged in: an element's text is then what Firefox's engine holds for
// it.
async function marked(page) {
  const tc = await page.getTextContent({ includeMarkedContent: true });
  const byId = new Map();
  const stack = [];
  const plain = [];
  for (const it of tc.items) {
    if (it.type === "beginMarkedContentProps" || it.type === "beginMarkedContent") {
      stack.push(it.id || null);
    } else if (it.type === "endMarkedContent") {
      stack.pop();
    } else if (typeof it.str === "string") {
      plain.push(it.str);
      const id = stack.filter((x) => x).pop();
      if (id) byId.set(id, (byId.get(id) || "") + it.str + (it.hasEOL ? "\n" : ""));
    }
  }
  const drawn = await drawnText(page);
  for (const [id, text] of byId) {
    const m = /_mc(\d+)$/.exec(id);
    if (m && drawn.has(+m[1])) byId.set(id, withSoftHyphens(text, drawn.get(+m[1])));
  }
  return { byId, plain };
}

// MCID -> the text its glyphs draw (the operator list's showText).
async function drawnText(page) {
  const ol = await page.getOperatorList();
  const out = new Map();
  const stack = [];
  for (let i = 0; i < ol.fnArray.length; i++) {
    const fn = ol.fnArray[i];
    const args = ol.argsArray[i];
    if (fn === pdfjs.OPS.beginMarkedContentProps) {
      stack.push(Number.isInteger(args[1]) ? args[1] : null);
    } else if (fn === pdfjs.OPS.beginMarkedContent) {
      stack.push(null);
    } else if (fn === pdfjs.OPS.endMarkedContent) {
      stack.pop();
    } else if (fn === pdfjs.OPS.showText) {
      const id = stack.filter((x) => x !== null).pop();
      if (id === undefined) continue;
      const s = args[0].map((g) => (g && typeof g === "object" ? g.unicode || "" : "")).join("");
      out.set(id, (out.get(id) || "") + s);
    }
  }
  return out;
}

// text (pdf.js's text content, with its line breaks) with the soft
// hyphens of drawn (the same text as drawn, no line breaks) put back;
// drawn is compared as pdf.js normalizes its text content (NFKC: a
// ligature's glyph "\uFB01" is "fi").
function withSoftHyphens(text, drawn) {
  let out = "";
  let j = 0;
  for (const c of drawn.normalize("NFKC")) {
    if (c === "\u00AD" && text[j] !== c) {
      out += c;
      continue;
    }
    while (j < text.length && text[j] !== c && /\s/.test(text[j])) out += text[j++];
    if (text[j] === c) {
      out += c;
      j++;
    }
  }
  return out + text.slice(j);
}

// A PDF's pages as pdf.js reads them: each its structure tree, and its
// marked content read when a reading first asks for it (mc()): the
// text and operators of every page cost most of a reading, and "tree"
// needs none, "links" those of the pages that have a Link element.
async function load(file) {
  const data = new Uint8Array(readFileSync(file));
  const doc = await pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    let mc = null;
    pages.push({
      page,
      tree: await page.getStructTree(),
      mc: async () => (mc ??= await marked(page)),
    });
  }
  return pages;
}

// The text an element shows: its marked content, in order, its kids'.
function elemText(node, mc) {
  if (!node) return "";
  if (node.type === "content") return mc.byId.get(node.id) || "";
  return (node.children || []).map((k) => elemText(k, mc)).join("");
}

// The reading MODE of pages, its lines.
async function read(mode, pages) {
  const out = [];
  if (mode === "tree") {
    const walk = (n, d) => {
      if (!n || n.type) return;
      if (n.role !== "Root") out.push(`${d} ${n.role}${n.alt ? " alt=" + n.alt : ""}`);
      for (const k of n.children || []) walk(k, n.role === "Root" ? d : d + 1);
    };
    // pdf.js gives each page the tree of the elements on it.
    pages.forEach((p, i) => { out.push(`page ${i + 1}`); walk(p.tree, 0); });
  } else if (mode === "words") {
    // Block elements' texts, each read whole: a line-end soft hyphen and
    // the line break around it join the two halves of a word.
    const blocks = [];
    const walk = (n, mc) => {
      if (!n || n.type) return;
      const leaf = (n.children || []).some((k) => k.type === "content");
      if (leaf && n.role !== "Root") {
        blocks.push(elemText(n, mc));
        return;
      }
      for (const k of n.children || []) walk(k, mc);
    };
    for (const p of pages) walk(p.tree, await p.mc());
    for (const b of blocks) {
      const joined = b.replace(/\u00AD\n/g, "").replace(/\n/g, " ");
      for (const w of joined.split(/\s+/)) if (w) out.push(w);
    }
  } else if (mode === "links") {
    for (let i = 0; i < pages.length; i++) {
      const { page, tree } = pages[i];
      const annots = await page.getAnnotations();
      const hasLink = (n) => !!n && !n.type && (n.role === "Link" || (n.children || []).some(hasLink));
      const mc = hasLink(tree) ? await pages[i].mc() : null;
      // Link elements of this page's tree, by the annotation they hold.
      const linkText = new Map();
      const walk = (n) => {
        if (!n || n.type) return;
        if (n.role === "Link") {
          // pdf.js 4.2.67 gives an OBJR as {type: "object", id: "18R"},
          // the annotation's id (later ones: type "annotation").
          const ann = (n.children || []).find((k) => k.type === "annotation" || k.type === "object");
          if (ann) linkText.set(ann.id, elemText(n, mc).replace(/\s+/g, " ").trim());
        }
        for (const k of n.children || []) walk(k);
      };
      walk(tree);
      for (const a of annots) {
        if (a.subtype !== "Link") continue;
        const t = linkText.has(a.id) ? linkText.get(a.id) : "-";
        out.push(`${i + 1}\t${a.contentsObj ? a.contentsObj.str : ""}\t${t || "-"}`);
      }
    }
  } else if (mode === "marked") {
    for (const p of pages) {
      for (const [id, text] of (await p.mc()).byId) {
        const m = /^p(\d+)R_mc(\d+)$/.exec(id);
        if (m) out.push(`${m[1]}\t${m[2]}\t${JSON.stringify(text)}`);
      }
    }
  } else if (mode === "text") {
    for (let i = 0; i < pages.length; i++) out.push(`${i + 1}\t${(await pages[i].mc()).plain.join("|")}`);
  } else {
    throw new Error(`no mode ${mode}`);
  }
  return out;
}

const text = (out) => out.join("\n") + (out.length ? "\n" : "");
if (!batch) {
  const [mode, file] = jobs;
  try {
    process.stdout.write(text(await read(mode, await load(file))));
  } catch (e) {
    process.stderr.write(`pdfjsread: ${e.message}\n`);
    process.exit(2);
  }
} else {
  const loaded = new Map();
  let bad = 0;
  for (let k = 0; k < jobs.length; k += 2) {
    const [mode, file] = jobs.slice(k, k + 2);
    try {
      if (!loaded.has(file)) loaded.set(file, await load(file));
      writeFileSync(`${file}.${mode}`, text(await read(mode, loaded.get(file))));
    } catch (e) {
      process.stderr.write(`pdfjsread: ${file} ${mode}: ${e.message}\n`);
      bad = 1;
    }
  }
  process.exit(bad);
}

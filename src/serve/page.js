// deckpress watch --serve: the page.  Plain JavaScript, no framework,
// nothing fetched but this server's /state.json, /events and faces.
"use strict";
(function () {
  const params = new URLSearchParams(location.search);
  let state = null;
  let lang = params.get("lang");
  let compare = params.get("compare") || "";
  let side = "front";
  // Each face image that loaded a new version: what tests and the
  // bench read, {id, lang, side, v, t: Date.now()}.
  window.dpLoaded = [];
  window.dpEvents = [];

  const $ = (id) => document.getElementById(id);

  function faceURL(l, id, s, v) {
    return "/face/" + encodeURIComponent(l) + "/" + encodeURIComponent(id) +
      "/" + s + ".png?v=" + v;
  }

  function version(c, l, s) {
    const e = c.l[l];
    return e ? (s === "back" ? e.vb : e.v) : 0;
  }

  function faceImg(c, l) {
    const img = document.createElement("img");
    const v = version(c, l, side);
    img.alt = (c.l[l] ? c.l[l].alt : c.id) + " (" + l + ", " + side + ")";
    img.loading = "lazy";
    img.dataset.id = c.id;
    img.dataset.lang = l;
    img.dataset.side = side;
    img.dataset.v = v;
    // Refused during a build (503): asked again once it is over.
    img.addEventListener("error", () => { img.dataset.retry = "1"; });
    img.addEventListener("load", () => {
      window.dpLoaded.push({ id: c.id, lang: l, side: img.dataset.side,
        v: Number(img.dataset.v), t: Date.now() });
    });
    img.src = faceURL(l, c.id, side, v);
    return img;
  }

  // The texts of a card in two languages, stale and missing said in words.
  function textsTable(c) {
    const t = document.createElement("table");
    t.className = "texts";
    const head = t.insertRow();
    for (const h of ["field", lang, compare, "status"]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    const a = c.l[lang] ? c.l[lang].texts : [];
    const b = c.l[compare] ? c.l[compare].texts : [];
    const fields = [];
    for (const x of a.concat(b)) if (!fields.includes(x[0])) fields.push(x[0]);
    for (const f of fields) {
      const r = t.insertRow();
      const x = a.find((y) => y[0] === f);
      const y = b.find((z) => z[0] === f);
      const st = (y && y[2]) || (x && x[2]) || (y ? "" : "missing");
      r.insertCell().textContent = f;
      r.insertCell().textContent = x ? x[1] : "";
      r.insertCell().textContent = y ? y[1] : "";
      r.insertCell().textContent = st === "stale" ? "stale: the source changed since" :
        st === "missing" ? "missing: not translated yet" : "ok";
      if (st) r.className = "status-" + st;
    }
    return t;
  }

  // A card's item; its faces element given (kept from the last) or made.
  function cardItem(c, keptFaces) {
    const li = document.createElement("li");
    li.className = "card";
    li.tabIndex = 0;
    li.id = "card-" + c.id;
    li.dataset.id = c.id;
    const e = c.l[lang] || {};
    li.setAttribute("aria-label", (e.title || c.id) + ", card " + c.id);
    const name = document.createElement("div");
    name.className = "id";
    name.textContent = (e.title || c.id) + " (" + c.id + ")";
    li.appendChild(name);
    const faces = keptFaces || document.createElement("div");
    faces.className = "faces";
    if (keptFaces) {
      // Loaded already: no new request.
    } else if (side === "back" && !c.back) {
      const p = document.createElement("p");
      p.textContent = "no back: printed on one side";
      faces.appendChild(p);
    } else {
      faces.appendChild(faceImg(c, lang));
      if (compare && compare !== lang) faces.appendChild(faceImg(c, compare));
    }
    li.appendChild(faces);
    const d = document.createElement("p");
    d.className = "diags";
    d.textContent = (e.diags || "") +
      (compare && compare !== lang && c.l[compare] ? c.l[compare].diags : "");
    li.appendChild(d);
    if (compare && compare !== lang) li.appendChild(textsTable(c));
    li.addEventListener("click", () => zoom(c));
    li.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); zoom(c); }
    });
    return li;
  }

  function zoom(c) {
    if (side === "back" && !c.back) return;
    const z = $("zoom");
    const img = $("zoom-img");
    img.alt = (c.l[lang] ? c.l[lang].alt : c.id) + " (zoomed, with guides)";
    img.src = faceURL(lang, c.id, side, version(c, lang, side)) + "&guides=1";
    z.hidden = false;
    z.dataset.id = c.id;
    $("zoom-close").focus();
  }

  function unzoom() {
    const z = $("zoom");
    if (z.hidden) return;
    z.hidden = true;
    const back = document.getElementById("card-" + z.dataset.id);
    if (back) back.focus();
  }

  function fillSelect(sel, langs, chosen, none) {
    sel.textContent = "";
    if (none) sel.add(new Option("none", ""));
    for (const l of langs) sel.add(new Option(l, l, false, l === chosen));
    sel.value = chosen;
  }

  function showError(text) {
    const e = $("error");
    e.textContent = text || "";
    e.hidden = !text;
  }

  function render() {
    if (!state) return;
    showError(state.error);
    $("check").textContent = (state.said || "") + (state.check || "");
    if (!state.langs) return;
    if (!lang || !state.langs.includes(lang)) lang = state.print;
    if (compare && !state.langs.includes(compare)) compare = "";
    $("game").textContent = state.game;
    fillSelect($("lang"), state.langs, lang, false);
    fillSelect($("compare"), state.langs, compare, true);
    const main = $("kinds");
    const focused = document.activeElement && document.activeElement.dataset ?
      document.activeElement.dataset.id : null;
    main.textContent = "";
    for (const k of state.kinds) {
      const cards = state.cards.filter((c) => c.kind === k);
      if (!cards.length) continue;
      const sec = document.createElement("section");
      const h = document.createElement("h2");
      h.textContent = k + " (" + cards.length + ")";
      sec.appendChild(h);
      const ul = document.createElement("ul");
      ul.className = "cards";
      for (const c of cards) ul.appendChild(cardItem(c));
      sec.appendChild(ul);
      main.appendChild(sec);
    }
    if (focused) {
      const f = document.getElementById("card-" + focused);
      if (f) f.focus();
    }
  }

  // The same cards in the same languages: each card's item updated in
  // place (its texts, diagnostics, alt text, a face of a new version),
  // not the page built again, which would cost a deck of 1 200 cards
  // its scroll and every image.
  function sameShape(a, b) {
    return a && b && a.cards && b.cards && a.cards.length === b.cards.length &&
      JSON.stringify(a.langs) === JSON.stringify(b.langs) &&
      a.cards.every((c, i) => c.id === b.cards[i].id && c.kind === b.cards[i].kind);
  }

  function update(next) {
    state = next;
    showError(state.error);
    $("check").textContent = (state.said || "") + (state.check || "");
    for (const c of state.cards) {
      const old = document.getElementById("card-" + c.id);
      if (!old) continue;
      const imgs = old.querySelectorAll("img[data-id]");
      let same = true;
      for (const img of imgs)
        if (Number(img.dataset.v) !== version(c, img.dataset.lang, img.dataset.side))
          same = false;
      // The images kept (loaded, no request) unless a face is new.
      const fresh = cardItem(c, same ? old.querySelector(".faces") : null);
      for (const img of fresh.querySelectorAll("img[data-id]")) {
        const e = c.l[img.dataset.lang];
        if (e) img.alt = e.alt + " (" + img.dataset.lang + ", " + img.dataset.side + ")";
      }
      const focused = document.activeElement === old;
      old.replaceWith(fresh);
      if (focused) fresh.focus();
    }
  }

  async function load() {
    const r = await fetch("/state.json", { cache: "no-store" });
    const next = await r.json();
    if (sameShape(state, next) && next.print === state.print)
      update(next);
    else {
      state = next;
      render();
    }
  }

  // "faces changed: LANG/ID/V/VB ...": only those images change.
  function changed(list) {
    let unknown = false;
    for (const tok of list.trim().split(/\s+/)) {
      const [l, id, v, vb] = tok.split("/");
      const c = state && state.cards ? state.cards.find((x) => x.id === id) : null;
      if (!c || !c.l[l]) { unknown = true; continue; }
      c.l[l].v = Number(v);
      c.l[l].vb = Number(vb);
      for (const img of document.querySelectorAll("img[data-id]")) {
        if (img.dataset.id !== id || img.dataset.lang !== l) continue;
        const nv = img.dataset.side === "back" ? vb : v;
        img.dataset.v = nv;
        img.src = faceURL(l, id, img.dataset.side, nv);
      }
    }
    if (unknown) load();
  }

  function retry() {
    for (const img of document.querySelectorAll("img[data-retry]")) {
      delete img.dataset.retry;
      img.src = faceURL(img.dataset.lang, img.dataset.id, img.dataset.side,
        img.dataset.v) + "&r=" + Date.now();
    }
  }

  function listen() {
    const es = new EventSource("/events");
    es.onmessage = (ev) => {
      const d = ev.data;
      window.dpEvents.push({ data: d.slice(0, 200), t: Date.now() });
      if (d.startsWith("faces changed:")) changed(d.slice(14));
      else if (d.startsWith("error: ")) showError(d.slice(7));
      else if (d === "ok") { retry(); load(); }
    };
    es.onopen = () => load();
  }

  document.addEventListener("DOMContentLoaded", () => {
    // Not an onsubmit attribute: the page's CSP blocks inline script.
    $("controls").addEventListener("submit", (e) => e.preventDefault());
    $("lang").addEventListener("change", (e) => { lang = e.target.value; render(); });
    $("compare").addEventListener("change", (e) => { compare = e.target.value; render(); });
    for (const r of document.querySelectorAll("input[name=side]"))
      r.addEventListener("change", (e) => { side = e.target.value; render(); });
    $("zoom-close").addEventListener("click", unzoom);
    $("zoom").addEventListener("click", (e) => { if (e.target.id === "zoom") unzoom(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") unzoom(); });
    load();
    listen();
  });
})();

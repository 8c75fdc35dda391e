/// The page's script: it draws each screen from the server's JSON (text
/// already in the page's language), sends writes as same-origin JSON with
/// the page's token, follows the server's event stream (another process's
/// commit redraws the screen) and ticks a running timer on its own. Every
/// piece of text goes in through `textContent`, never as HTML.

extension Assets {
    static let script = #"""
        "use strict";
        const token = document.querySelector('meta[name="haru-token"]').content;
        const tabs = ["today", "records", "statistics", "diary", "timetable"];
        let W = {}, words = {}, lang = localStorage.getItem("haru.lang") || document.documentElement.lang;
        let route = "today", params = {}, lastSeq = -1, drawing = null, editing = null;
        const $ = (s) => document.querySelector(s);

        function h(tag, props, ...kids) {
          const e = document.createElement(tag);
          for (const [k, v] of Object.entries(props || {})) {
            if (v === null || v === undefined || v === false) continue;
            if (k === "text") e.textContent = v;
            else if (k === "class") e.className = v;
            else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
            else if (k.startsWith("--")) e.style.setProperty(k, v);
            else e.setAttribute(k, v === true ? "" : v);
          }
          for (const k of kids.flat(Infinity)) if (k !== null && k !== undefined && k !== false) e.append(k);
          return e;
        }
        const t = (key, ...v) => (W[key] || key).replace(/%(\d)/g, (_, i) => v[i - 1] ?? "");

        async function get(path, q = {}) {
          const u = new URLSearchParams({ ...q, lang, token });
          const r = await fetch(`/api/${path}?${u}`, { headers: { "X-Haru-Token": token } });
          const j = await r.json();
          if (!r.ok) throw new Error(j.error ? j.error.message : r.statusText);
          return j;
        }
        async function post(path, body) {
          let r, j;
          try {
            r = await fetch(`/api/${path}?lang=${lang}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Haru-Token": token }, body: JSON.stringify(body) });
            j = await r.json();
          } catch (e) { toast(String(e), true); return null; }
          if (!r.ok) { toast(j.error ? j.error.message : r.statusText, true); return null; }
          toast(j.message);
          lastSeq = Math.max(lastSeq, j.seq);
          await draw();
          return j;
        }
        let toastTimer;
        function toast(text, error) {
          const e = $("#toast");
          e.textContent = text; e.className = "show" + (error ? " error" : "");
          clearTimeout(toastTimer); toastTimer = setTimeout(() => { e.className = ""; }, error ? 6000 : 2500);
        }
        const clock = (s) => { s = Math.max(0, Math.floor(s)); const p = (n) => String(n).padStart(2, "0"); return `${Math.floor(s / 3600)}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`; };
        // A running timer: its seconds at the answer plus the time since, by this page's own clock.
        let timers = [];
        function timer(seconds) { const e = h("span", { class: "timer", role: "timer", text: clock(seconds) }); timers.push([e, seconds, performance.now()]); return e; }
        setInterval(() => { for (const [e, s, at] of timers) e.textContent = clock(s + (performance.now() - at) / 1000); }, 1000);

        function header() {
          const nav = $("#tabs"); nav.replaceChildren(); nav.setAttribute("aria-label", "haru");
          for (const k of tabs) nav.append(h("a", { href: `#${k}`, text: t(k), "aria-current": route === k ? "page" : null }));
          $("#lang").value = lang; $("#lang").setAttribute("aria-label", t("language"));
          const theme = localStorage.getItem("haru.theme") || "system";
          $("#theme").textContent = theme === "dark" ? "☾" : theme === "light" ? "☀" : "◐";
          $("#theme").setAttribute("aria-label", `${t("theme")}: ${t(theme)}`);
          document.documentElement.lang = lang;
        }
        function dayNav(j, view) {
          return h("div", { class: "bar-row" },
            h("button", { type: "button", "aria-label": t("previousDay"), text: "‹", onclick: () => go(view, { day: j.previous }) }),
            h("input", { type: "date", value: j.day, "aria-label": j.day_text, onchange: (e) => go(view, { day: e.target.value }) }),
            h("button", { type: "button", "aria-label": t("nextDay"), text: "›", onclick: () => go(view, { day: j.next }) }),
            h("button", { type: "button", text: t("thisDay"), onclick: () => go(view, {}) }));
        }

        const screens = {
          async today() {
            const j = await get("today");
            const out = [h("h1", { text: t("today") })];
            if (j.running.length) {
              const r = j.running[0];
              out.push(h("section", { class: "running", "aria-label": t("running") },
                h("div", {}, h("div", { class: "name" + (r.long ? " long" : ""), text: `${r.symbol ? r.symbol + " " : ""}${r.name}` }),
                  h("div", { class: "muted", text: `${r.since} · ${r.today_text}` + (j.running.length > 1 ? ` · ${t("together", j.running.length - 1)}` : "") })),
                timer(r.seconds),
                h("button", { type: "button", class: "primary", text: t("stop"), "aria-label": `${t("stop")}: ${r.name}`, onclick: () => post("stop", { action: r.action }) })));
            }
            if (!j.buttons.length) out.push(h("p", { class: "muted", text: t("noActions") }));
            out.push(h("div", { class: "buttons" }, j.buttons.map((b) => {
              const on = b.running_since !== null, timed = b.tracking === "time";
              const verb = timed ? (on ? t("stop") : t("start")) : t("add");
              return h("button", { type: "button", class: "action", "aria-pressed": timed ? String(on) : null, "--swatch": b.color,
                "aria-label": `${verb}: ${b.name} (${b.total_text})`, "data-action": b.id,
                onclick: () => timed ? post(on ? "stop" : "start", { action: b.id }) : post("count", { action: b.id, amount: 1 }) },
                h("span", { class: "name", text: `${b.symbol ? b.symbol + " " : ""}${b.name}` }),
                on ? timer(j.now - b.running_since) : null,
                h("span", { class: "total", text: b.total_text }));
            })));
            out.push(h("h2", { text: t("goals") }));
            if (!j.goals.length) out.push(h("p", { class: "muted", text: t("noGoals") }));
            out.push(h("div", { class: "cards" }, j.goals.map(goalCard)));
            return out;
          },
          async records() {
            const j = await get("records", params);
            const out = [h("h1", { text: `${t("records")} · ${j.day_text}` }), dayNav(j, "records"),
              h("div", { class: "bar-row" }, h("button", { type: "button", text: t("undo"), onclick: () => post("undo", {}) }))];
            if (!j.rows.length) out.push(h("p", { class: "muted", text: t("noRecords") }));
            out.push(h("ul", { class: "rows" }, j.rows.map((r) => recordRow(r, j.day))));
            return out;
          },
          async statistics() {
            const q = { from: params.from || "", to: params.to || "", by: params.by || "action", every: params.every || "", only: params.only || "" };
            const j = await get("stats", q);
            const f = h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); const d = new FormData(e.target); go("statistics", Object.fromEntries(d)); } },
              h("label", { text: t("from") }, h("input", { type: "date", name: "from", value: j.from })),
              h("label", { text: t("to") }, h("input", { type: "date", name: "to", value: j.to })),
              h("label", { text: t("groupBy") }, h("select", { name: "by" },
                h("option", { value: "action", text: t("byAction"), selected: j.by === "action" }), h("option", { value: "tag", text: t("byTag"), selected: j.by === "tag" }))),
              h("label", { text: t("rowsPer") }, h("select", { name: "every" },
                [["", "wholeRange"], ["day", "everyDay"], ["week", "everyWeek"], ["month", "everyMonth"]].map(([v, k]) => h("option", { value: v, text: t(k), selected: (j.every || "") === v })))),
              h("label", { text: t("filter") }, h("select", { name: "only" },
                h("option", { value: "", text: t("everything"), selected: !j.only }),
                j.choices.map((c) => h("option", { value: c.value, text: c.name, selected: j.only === c.value })))),
              h("button", { type: "submit", class: "primary", text: t("show") }));
            const out = [h("h1", { text: t("statistics") }), f];
            if (!j.columns.length) { out.push(h("p", { class: "muted", text: t("nothingRecorded") })); return out; }
            out.push(h("div", { class: "table-wrap" }, h("table", {},
              h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), j.columns.map((c) => h("th", { scope: "col", text: c.name })))),
              h("tbody", {}, j.rows.map((r) => h("tr", {}, h("th", { scope: "row", text: r.label }), r.cells.map((c) => h("td", { text: c.text })))),
                h("tr", {}, h("th", { scope: "row", text: j.total_label }), j.total.map((c) => h("td", { text: c.text })))))));
            // The picture: each column's total as a bar, scaled to the largest (time and counts apart).
            const size = (c) => c.seconds > 0 ? c.seconds : c.count;
            const top = Math.max(1, ...j.total.map(size));
            out.push(h("div", { class: "chart", role: "img", "aria-label": j.columns.map((c, i) => `${c.name} ${j.total[i].text}`).join(", ") },
              j.columns.map((c, i) => [h("span", { text: c.name }), h("div", { class: "meter" }, h("span", { "--w": `${(100 * size(j.total[i])) / top}%` }))])));
            return out;
          },
          async diary() {
            const j = await get("diary", params);
            const mood = h("input", { id: "mood", value: j.mood || "", maxlength: "16", "aria-label": t("mood") });
            const text = h("textarea", { id: "diary-text", "aria-label": t("text") }); text.value = j.text || "";
            const out = [h("h1", { text: `${t("diary")} · ${j.day_text}` }), dayNav(j, "diary"),
              j.mood_photo ? h("img", { class: "picture", src: `/api/blob/${j.mood_photo}?token=${token}`, alt: t("mood") }) : null,
              j.totals_text ? h("p", { class: "muted", text: j.totals_text }) : null,
              h("form", { onsubmit: (e) => { e.preventDefault(); post("diary", { day: j.day, mood: mood.value, text: text.value }); } },
                h("p", {}, h("label", { for: "mood", text: `${t("mood")} ` }), mood),
                h("p", {}, h("label", { for: "diary-text", text: t("text") }), text),
                h("button", { type: "submit", class: "primary", text: t("save") })),
              h("h2", { text: t("todos") })];
            if (!j.todos.length) out.push(h("p", { class: "muted", text: t("noTodos") }));
            out.push(h("ul", { class: "rows todos" }, j.todos.map((d) => h("li", {},
              h("input", { type: "checkbox", id: `todo-${d.id}`, checked: d.done, onchange: (e) => post("todo", { id: d.id, done: e.target.checked }) }),
              h("label", { for: `todo-${d.id}`, text: d.text })))));
            const add = h("input", { "aria-label": `${t("todos")}: ${t("add")}` });
            out.push(h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); if (add.value.trim()) post("todo-add", { day: j.day, text: add.value.trim() }); } },
              add, h("button", { type: "submit", text: t("add") })));
            if (j.attachments.length) {
              out.push(h("h2", { text: t("attachments") }));
              out.push(h("ul", { class: "rows" }, j.attachments.map((a, i) => h("li", {},
                a.picture ? h("img", { class: "picture", src: `/api/blob/${a.digest}?token=${token}`, alt: `${t("attachments")} ${i + 1}` }) : null,
                h("a", { href: `/api/blob/${a.digest}?token=${token}`, download: a.digest.slice(0, 12), text: `${a.digest.slice(0, 12)}… (${a.size ?? "?"} B)` })))));
            }
            return out;
          },
          async timetable() {
            const week = params.week === "1";
            const j = await get("timetable", { ...(params.day ? { day: params.day } : {}), week: week ? "1" : "0" });
            const out = [h("h1", { text: t("timetable") }),
              h("div", { class: "bar-row" },
                h("button", { type: "button", "aria-label": t("previousDay"), text: "‹", onclick: () => go("timetable", { day: j.previous, week: params.week }) }),
                h("button", { type: "button", "aria-label": t("nextDay"), text: "›", onclick: () => go("timetable", { day: j.next, week: params.week }) }),
                h("button", { type: "button", text: t("thisDay"), onclick: () => go("timetable", { week: params.week }) }),
                h("button", { type: "button", "aria-pressed": String(!week), text: t("dayView"), onclick: () => go("timetable", { day: params.day, week: "0" }) }),
                h("button", { type: "button", "aria-pressed": String(week), text: t("week"), onclick: () => go("timetable", { day: params.day, week: "1" }) }))];
            const grid = h("div", { class: "tt", "--days": String(j.days.length) });
            grid.append(h("div", {}), ...j.days.map((d) => h("div", { class: "colhead", text: j.days.length > 1 ? d.day_text.slice(5) : d.day_text })));
            const first = j.days.length ? j.days[0].first_hour : 0;
            grid.append(h("div", { class: "hours", "aria-hidden": "true" }, [...Array(24).keys()].map((i) => h("span", { "--i": String(i), text: String((first + i) % 24) }))));
            for (const d of j.days) {
              const lw = `${100 / Math.max(1, d.lanes)}%`;
              grid.append(h("div", { class: "col", role: "list", "aria-label": d.day_text },
                d.blocks.map((b) => h("button", { type: "button", role: "listitem", class: "block", "--lane": String(b.lane), "--lw": lw,
                  "--top": `${(100 * b.from) / d.seconds}%`, "--h": `${(100 * (b.to - b.from)) / d.seconds}%`, "aria-label": `${b.name} ${b.text}`, title: `${b.name} ${b.text}`,
                  text: b.name, onclick: () => go("records", { day: d.day }) })),
                d.dots.map((o) => h("button", { type: "button", role: "listitem", class: "dot", "--top": `${(100 * o.at) / d.seconds}%`, "aria-label": `${o.name} ${o.text}`, title: `${o.name} ${o.text}`,
                  onclick: () => go("records", { day: d.day }) }))));
            }
            out.push(grid);
            return out;
          },
        };

        function goalCard(g) {
          const spans = [["day", "daySpan"], ["week", "weekSpan"], ["month", "monthSpan"]];
          return h("article", { class: "card", "aria-label": g.title },
            h("h3", {}, h("span", { text: `${g.symbol ? g.symbol + " " : ""}${g.title}` }), h("span", { class: "badge", text: g.status_text })),
            g.no_quests ? h("p", { class: "muted", text: t("noQuests") }) :
              h("div", { class: "spans" }, spans.map(([k, w]) => [h("span", { text: t(w) }),
                h("div", { class: "meter", role: "meter", "aria-label": t(w), "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(g.bars[k] ?? 0) },
                  h("span", { "--w": `${Math.min(100, g.bars[k] ?? 0)}%` })),
                h("span", { text: g.bars[k] === null ? "–" : `${g.bars[k]}%` })])),
            g.quests.map((q) => {
              const d = q.rings[q.span];
              let ring;
              if (!d.scheduled) ring = h("div", { class: "ring off", "aria-hidden": "true" }, h("span", { text: "–" }));
              else if (d.limit) ring = h("div", { class: `ring ${d.limit}`, "aria-hidden": "true" }, h("span", { text: d.limit === "over" ? "!" : "✓" }));
              else ring = h("div", { class: "ring", "--p": String(Math.min(100, d.percent ?? 0)), "aria-hidden": "true" }, h("span", { text: `${d.percent ?? 0}%` }));
              const state = !d.scheduled ? t(d.skipped ? "skippedDay" : "notScheduled") : d.limit ? d.limit_text : `${d.percent ?? 0}%`;
              const line = [q.rule, d.done_text ? t("done", d.done_text) : null, q.streak ? t("streak", q.streak) : null].filter(Boolean).join(" · ");
              const tap = q.action ? { role: "button", tabindex: "0", "aria-label": `${q.name}: ${state}. ${line}`,
                onclick: () => { const b = document.querySelector(`[data-action="${q.action}"]`); if (b) b.click(); },
                onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.currentTarget.click(); } } } : { "aria-label": `${q.name}: ${state}. ${line}` };
              return h("div", { class: "quest", ...tap }, ring,
                h("div", {}, h("div", { text: q.name }), h("div", { class: "muted", text: `${state} · ${line}` })));
            }));
        }

        function recordRow(r, day) {
          const gone = r.state === "deleted" || r.state === "discarded";
          const what = r.kind === "session" ? `${r.start}–${r.end ?? "…"}` : r.start;
          const li = h("li", { class: gone ? "gone" : "" },
            h("div", { class: "row-head" },
              h("div", {}, h("strong", { class: "what", text: r.name }), " ", h("span", { class: "muted", text: `${what} · ${r.value_text}` }),
                r.state_text ? h("span", { class: "badge", text: ` ${r.state_text}` }) : null,
                r.note ? h("div", { class: "muted", text: r.note }) : null),
              h("div", { class: "row-actions" },
                r.state === "deleted" ? h("button", { type: "button", text: t("restore"), "aria-label": `${t("restore")}: ${r.name} ${what}`, onclick: () => post("restore", { id: r.id }) }) : null,
                !gone ? h("button", { type: "button", text: t("edit"), "aria-label": `${t("edit")}: ${r.name} ${what}`, onclick: () => { editing = r.id; draw(); } }) : null,
                !gone && r.state !== "running" ? h("button", { type: "button", class: "danger", text: t("delete"), "aria-label": `${t("delete")}: ${r.name} ${what}`,
                  onclick: () => { if (confirm(t("confirmDelete"))) post("delete", { id: r.id }); } }) : null)));
          if (editing === r.id) li.append(editForm(r, day));
          return li;
        }
        function editForm(r, day) {
          const note = h("input", { name: "note", value: r.note || "" });
          const fields = r.kind === "session"
            ? [h("label", { text: t("startTime") }, h("input", { type: "time", name: "start", value: r.start, required: true })),
               r.end ? h("label", { text: t("endTime") }, h("input", { type: "time", name: "end", value: r.end, required: true })) : null]
            : [h("label", { text: t("amount") }, h("input", { type: "number", name: "amount", min: r.places ? String(10 ** -r.places) : "1", max: "999", step: r.places ? String(10 ** -r.places) : "1", value: String(r.amount), required: true }))];
          return h("form", { class: "inline", onsubmit: async (e) => {
              e.preventDefault();
              const d = Object.fromEntries(new FormData(e.target));
              const body = { id: r.id, day };
              if (r.kind === "session") { if (d.start !== r.start) body.start = d.start; if (d.end !== undefined && d.end !== r.end) body.end = d.end; }
              else if (Number(d.amount) !== r.amount) body.amount = Number(d.amount);
              if ((d.note || "") !== (r.note || "")) body.note = d.note;
              if (await post("edit", body)) { editing = null; draw(); }
            } },
            fields, h("label", { text: t("note") }, note),
            h("button", { type: "submit", class: "primary", text: t("save") }),
            h("button", { type: "button", text: t("cancel"), onclick: () => { editing = null; draw(); } }));
        }

        function go(view, p) {
          const q = new URLSearchParams(Object.entries(p || {}).filter(([, v]) => v !== undefined && v !== null && v !== ""));
          location.hash = view + (String(q) ? "?" + q : "");
        }
        function readHash() {
          const [view, q] = location.hash.slice(1).split("?");
          route = tabs.includes(view) ? view : "today";
          params = Object.fromEntries(new URLSearchParams(q || ""));
        }
        // One drawing at a time; a commit during one draws again after it.
        let again = false;
        async function draw() {
          if (drawing) { again = true; return drawing; }
          drawing = (async () => {
            do {
              again = false;
              header();
              try {
                timers = [];
                const nodes = await screens[route]();
                const main = $("#main"), focused = document.activeElement && document.activeElement.getAttribute("aria-label");
                main.replaceChildren(...nodes);
                if (focused) { const back = [...main.querySelectorAll("[aria-label]")].find((e) => e.getAttribute("aria-label") === focused); if (back) back.focus(); }
              } catch (e) { toast(String(e.message || e), true); }
            } while (again);
            drawing = null;
          })();
          return drawing;
        }

        function listen() {
          const es = new EventSource(`/api/events?token=${token}`);
          es.addEventListener("hello", (e) => { $("#live").textContent = "● " + t("live"); if (Number(e.data) !== lastSeq && lastSeq >= 0) draw(); lastSeq = Number(e.data); });
          es.addEventListener("commit", (e) => { const s = Number(e.data); if (s !== lastSeq) { lastSeq = s; draw(); } });
          es.onerror = () => { $("#live").textContent = "○ " + t("offline"); };
        }

        async function boot() {
          words = await (await fetch(`/api/words?token=${token}`, { headers: { "X-Haru-Token": token } })).json();
          if (!words[lang]) lang = "en";
          W = words[lang];
          $("#lang").addEventListener("change", (e) => { lang = e.target.value; localStorage.setItem("haru.lang", lang); W = words[lang]; draw(); });
          $("#theme").addEventListener("click", () => {
            const order = ["system", "light", "dark"], now = localStorage.getItem("haru.theme") || "system";
            const next = order[(order.indexOf(now) + 1) % 3];
            localStorage.setItem("haru.theme", next); applyTheme(); header();
          });
          applyTheme();
          window.addEventListener("hashchange", () => { readHash(); editing = null; draw().then(() => $("#main").focus()); });
          readHash();
          await draw();
          listen();
        }
        function applyTheme() {
          const th = localStorage.getItem("haru.theme") || "system";
          if (th === "system") document.documentElement.removeAttribute("data-theme"); else document.documentElement.setAttribute("data-theme", th);
        }
        boot();
        """#
}

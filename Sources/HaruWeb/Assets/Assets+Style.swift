/// The page's style: light and dark (the system's, or chosen), one column
/// that fits a 390-pixel phone without scrolling sideways, focus always visible.

extension Assets {
    static let style = #"""
        :root { --bg: #fbfbfd; --fg: #1c1c1e; --muted: #6b6b70; --card: #ffffff; --line: #e2e2e7; --accent: #2f6fde;
          --accent-fg: #ffffff; --track: #e6e8ee; --over: #c62828; --ok: #2e7d32; --warn: #b26a00; color-scheme: light; }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme="light"]) { --bg: #111114; --fg: #ececf1; --muted: #a0a0aa; --card: #1c1c21; --line: #2e2e36;
            --accent: #7aa7ff; --accent-fg: #0b1020; --track: #2c2f3a; --over: #ff7b7b; --ok: #7fd18b; --warn: #ffc46b; color-scheme: dark; } }
        :root[data-theme="dark"] { --bg: #111114; --fg: #ececf1; --muted: #a0a0aa; --card: #1c1c21; --line: #2e2e36;
          --accent: #7aa7ff; --accent-fg: #0b1020; --track: #2c2f3a; --over: #ff7b7b; --ok: #7fd18b; --warn: #ffc46b; color-scheme: dark; }
        * { box-sizing: border-box; }
        html, body { margin: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.45 system-ui, -apple-system, "Noto Sans CJK KR", "Noto Sans CJK JP", sans-serif; }
        body { max-width: 960px; margin: 0 auto; padding: 0 12px 48px; overflow-wrap: anywhere; }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--card); padding: 4px 8px; }
        header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between;
          padding: 10px 0; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--bg); z-index: 2; }
        nav { display: flex; flex-wrap: wrap; gap: 4px; }
        nav a { color: var(--fg); text-decoration: none; padding: 6px 10px; border-radius: 8px; }
        nav a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); }
        .tools { display: flex; gap: 6px; align-items: center; }
        #live { font-size: 12px; color: var(--muted); }
        button, select, input, textarea { font: inherit; color: inherit; }
        button { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; cursor: pointer; min-height: 36px; }
        button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
        button.danger { color: var(--over); }
        select, input, textarea { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 8px; max-width: 100%; }
        #main:focus { outline: none; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        h1 { font-size: 20px; margin: 16px 0 8px; } h2 { font-size: 17px; margin: 18px 0 8px; }
        .muted { color: var(--muted); }
        .bar-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
        .running { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 10px 12px; margin: 12px 0;
          display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; }
        .timer { font-variant-numeric: tabular-nums; font-size: 22px; font-weight: 600; }
        .long { color: var(--warn); }
        .buttons { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
        .action { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; padding: 10px 12px; min-height: 72px;
          border-left: 6px solid var(--swatch, var(--accent)); text-align: left; }
        .action[aria-pressed="true"] { background: var(--accent); color: var(--accent-fg); }
        .action .name { font-weight: 600; } .action .total { font-size: 13px; opacity: .85; font-variant-numeric: tabular-nums; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 10px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; min-width: 0; }
        .card h3 { margin: 0 0 6px; font-size: 16px; display: flex; justify-content: space-between; gap: 8px; }
        .spans { display: grid; grid-template-columns: max-content 1fr 3.5em; gap: 4px 8px; align-items: center; font-size: 13px; }
        .meter { height: 8px; background: var(--track); border-radius: 4px; overflow: hidden; }
        .meter > span { display: block; height: 100%; width: var(--w, 0%); background: var(--accent); }
        .quest { display: flex; gap: 10px; align-items: center; margin-top: 10px; font-size: 14px; }
        .ring { --p: 0; width: 44px; height: 44px; flex: none; border-radius: 50%; display: grid; place-items: center; font-size: 11px;
          background: conic-gradient(var(--accent) calc(var(--p) * 1%), var(--track) 0); }
        .ring::before { content: ""; grid-area: 1 / 1; width: 34px; height: 34px; border-radius: 50%; background: var(--card); }
        .ring > span { grid-area: 1 / 1; z-index: 1; }
        .ring.kept { background: var(--ok); } .ring.over { background: var(--over); } .ring.off { background: var(--track); }
        .badge { font-size: 12px; padding: 1px 6px; border-radius: 6px; border: 1px solid var(--line); white-space: nowrap; }
        .badge.over { color: var(--over); border-color: var(--over); } .badge.kept { color: var(--ok); border-color: var(--ok); }
        ul.rows { list-style: none; padding: 0; margin: 0; }
        ul.rows > li { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 8px 10px; margin: 6px 0; }
        ul.rows > li.gone { opacity: .6; } ul.rows > li.gone .what { text-decoration: line-through; }
        .row-head { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; align-items: center; }
        .row-actions { display: flex; gap: 6px; flex-wrap: wrap; }
        form.inline { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; margin-top: 8px; }
        form.inline label { display: flex; flex-direction: column; font-size: 13px; gap: 2px; }
        .table-wrap { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 14px; }
        th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
        th:first-child, td:first-child { text-align: left; }
        .chart { display: grid; grid-template-columns: minmax(5em, max-content) 1fr; gap: 4px 8px; align-items: center; font-size: 13px; margin-top: 12px; }
        .chart .meter { height: 14px; }
        textarea { width: 100%; min-height: 8em; }
        img.picture { display: block; max-width: 100%; max-height: 320px; border-radius: 8px; margin: 6px 0; }
        .todos li { display: flex; gap: 8px; align-items: center; }
        .tt { display: grid; gap: 4px; grid-template-columns: 2.5em repeat(var(--days, 1), minmax(0, 1fr)); }
        .tt .hours { position: relative; height: calc(24 * var(--hour)); font-size: 11px; color: var(--muted); }
        .tt .hours span { position: absolute; top: calc(var(--i) * var(--hour)); }
        .tt .col { position: relative; height: calc(24 * var(--hour)); border-left: 1px solid var(--line);
          background: repeating-linear-gradient(var(--line) 0 1px, transparent 1px var(--hour)); }
        .tt .colhead { font-size: 12px; text-align: center; min-width: 0; overflow: hidden; }
        .tt .block { position: absolute; left: calc(var(--lane) * var(--lw)); width: var(--lw); top: var(--top); height: var(--h);
          background: var(--swatch, var(--accent)); color: var(--accent-fg); border-radius: 4px; font-size: 11px; overflow: hidden;
          padding: 0 2px; min-height: 3px; border: 0; text-align: left; }
        .tt .dot { position: absolute; right: 2px; top: var(--top); width: 10px; height: 10px; border-radius: 50%;
          background: var(--swatch, var(--accent)); border: 0; padding: 0; min-height: 0; }
        :root { --hour: 28px; }
        #toast { position: fixed; bottom: 12px; left: 50%; transform: translateX(-50%); max-width: calc(100% - 24px);
          background: var(--fg); color: var(--bg); padding: 8px 14px; border-radius: 10px; display: none; }
        #toast.show { display: block; } #toast.error { background: var(--over); color: #fff; }
        @media (max-width: 480px) { .buttons { grid-template-columns: repeat(2, minmax(0, 1fr)); } .cards { grid-template-columns: minmax(0, 1fr); } }
        """#
}

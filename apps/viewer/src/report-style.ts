/**
 * The report's style sheet, inlined into every page. Amber marks repairs and
 * red marks failures, as in the output-normalization diagnostics.
 */
export const REPORT_STYLE = `
:root{--amber:#f5b301;--amber-bg:#fff1c2;--red:#d93025;--red-bg:#fde2df;--ok:#1e8e3e;--blue:#1a73e8;--line:#e3e3e3;--muted:#666;
font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;background:#fafafa}
*{box-sizing:border-box}body{margin:0;height:100vh;display:flex;flex-direction:column}
header{display:flex;gap:12px;align-items:center;padding:8px 16px;border-bottom:1px solid var(--line);background:#fff}
header h1{font-size:16px;margin:0 12px 0 0}
nav button,.tab{border:1px solid var(--line);background:#fff;padding:4px 10px;border-radius:4px;cursor:pointer}
nav button[aria-selected=true]{background:#1d1d1f;color:#fff}
main{flex:1;min-height:0;display:flex}
section.page{flex:1;min-height:0;overflow:auto;padding:16px}
section.page[hidden]{display:none}
#records-page{display:flex;padding:0}
#records-page[hidden]{display:none}
.list-pane{width:44%;min-width:320px;display:flex;flex-direction:column;border-right:1px solid var(--line);background:#fff}
.filters{display:flex;flex-wrap:wrap;gap:6px;padding:8px;border-bottom:1px solid var(--line)}
.filters select,.filters input{font:inherit;padding:3px 6px;max-width:190px}
.filters input{flex:1;min-width:120px;max-width:none}
.count{padding:4px 8px;color:var(--muted);font-size:12px;border-bottom:1px solid var(--line)}
.viewport{flex:1;overflow-y:auto;position:relative;outline:none}
.spacer{position:relative}
.row{position:absolute;left:0;right:0;height:26px;display:flex;gap:8px;align-items:center;padding:0 8px;white-space:nowrap;overflow:hidden;cursor:pointer;border-bottom:1px solid #f2f2f2;font-size:13px}
.row:hover{background:#f3f6fc}.row.selected{background:#dfe9fb}
.row .ln{color:var(--muted);width:56px;text-align:right;flex:none}
.row .rid{width:140px;overflow:hidden;text-overflow:ellipsis;flex:none}
.row .rules{color:var(--muted);overflow:hidden;text-overflow:ellipsis}
.badge{display:inline-block;border-radius:3px;padding:0 6px;font-size:12px;flex:none}
.badge.valid_untouched{background:#e6f4ea;color:var(--ok)}
.badge.valid_repaired{background:var(--amber-bg);color:#7a5600}
.badge.failed{background:var(--red-bg);color:var(--red)}
.detail-pane{flex:1;overflow:auto;padding:16px}
.detail-pane h2{font-size:15px;margin:0 0 8px}.detail-pane h3{font-size:13px;margin:16px 0 6px;text-transform:uppercase;color:var(--muted)}
pre{background:#fff;border:1px solid var(--line);padding:8px;margin:0;white-space:pre-wrap;word-break:break-word;font:12px/1.5 ui-monospace,Menlo,Consolas,monospace}
mark{background:none;color:inherit}
mark.candidate{background:#e8f0fe}
mark.repair{background:var(--amber-bg);box-shadow:inset 0 -2px var(--amber)}
mark.failure{background:var(--red-bg);box-shadow:inset 0 -2px var(--red)}
mark.focus{outline:2px solid #1d1d1f}
mark.point::before{content:"‸";color:#b07d00;font-weight:bold}
table{border-collapse:collapse;font-size:13px}td,th{border-bottom:1px solid var(--line);padding:3px 10px 3px 0;text-align:left;vertical-align:top}
.interventions li{margin:0 0 8px;list-style:none;border-left:3px solid var(--amber);padding-left:8px;cursor:pointer}
.interventions li.failure{border-left-color:var(--red)}
.interventions{padding:0;margin:0}
.meta{color:var(--muted);font-size:12px}
.errors li{color:var(--red)}
.chart{display:grid;grid-template-columns:minmax(120px,max-content) 1fr max-content;gap:3px 10px;align-items:center;max-width:760px;margin-bottom:20px}
.bar{height:14px;background:var(--amber);border-radius:2px;min-width:1px}
.bar.failed{background:var(--red)}.bar.valid_untouched{background:var(--ok)}.bar.neg{background:var(--blue)}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin-bottom:16px}
.card{background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 14px;min-width:120px}
.card b{display:block;font-size:20px}
.empty{color:var(--muted);padding:16px}
kbd{border:1px solid var(--line);border-radius:3px;padding:0 4px;font-size:11px;background:#fff}
`;

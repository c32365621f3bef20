/** The console's stylesheet (inlined: the console loads nothing but its script). */
export const STYLES = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d8dde6; --accent: #1a4fb3; --bg: #fff; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: #eef1f5; }
header { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; padding: 0.5rem 1rem; background: #14213d; color: #fff; }
header h1 { font-size: 16px; margin: 0 1rem 0 0; }
header label { display: flex; gap: 0.35rem; align-items: center; }
header input, header select { font: inherit; }
header .clock { margin-left: auto; font-variant-numeric: tabular-nums; }
header button { font: inherit; padding: 0.15rem 0.5rem; }
nav { display: flex; gap: 0.25rem; padding: 0 1rem; background: #fff; border-bottom: 1px solid var(--line); }
nav a { padding: 0.5rem 0.75rem; color: var(--muted); text-decoration: none; border-bottom: 2px solid transparent; }
nav a.active { color: var(--accent); border-bottom-color: var(--accent); font-weight: 600; }
main { padding: 1rem; }
section { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 1rem; }
section h2 { font-size: 15px; margin: 0 0 0.5rem; }
section h2 .muted { font-weight: normal; font-size: 13px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.empty { color: var(--muted); font-style: italic; }
tr.clickable { cursor: pointer; }
tr.clickable:hover, tr.selected { background: #eaf1ff; }
code, pre { font: 12px ui-monospace, monospace; }
pre { background: #f4f6f9; padding: 0.5rem; border-radius: 4px; overflow: auto; max-height: 24rem; }
.status { display: inline-block; padding: 0 0.4rem; border-radius: 8px; background: #e8ecf2; font-size: 12px; }
.status.delivered, .status.finished, .status.succeeded, .status.published { background: #dcefdc; color: #1b5e20; }
.status.missed, .status.failed, .status.failing { background: #f9dcdc; color: #b71c1c; }
.status.pending, .status.scheduled, .status.retrying { background: #fff1d6; color: #8a5300; }
.split { display: grid; grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr); gap: 1rem; align-items: start; }
.split > .card { position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow: auto; }
.elsewhere ul { margin: 0.25rem 0 0; padding-left: 1.2rem; }
.elsewhere p { margin: 0.5rem 0 0; }
.map, .gantt { width: 100%; height: auto; display: block; }
.map .stop, .map .unscheduled { cursor: pointer; }
.map .stop.selected { stroke-width: 4; }
.gantt .axis { font-size: 11px; fill: var(--muted); }
.gantt .label { font-size: 12px; font-weight: 600; }
.legend { display: flex; flex-wrap: wrap; gap: 0.75rem; color: var(--muted); font-size: 12px; margin-top: 0.5rem; }
.legend i { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -2px; border-radius: 2px; }
.error { color: #b71c1c; }
.muted { color: var(--muted); }
button { cursor: pointer; }
.row-actions { display: flex; gap: 0.35rem; flex-wrap: wrap; }
ol.attempts { margin: 0; padding-left: 1.2rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.75rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; word-break: break-word; }
textarea { width: 100%; font: 12px ui-monospace, monospace; }
.plan-bar { padding: 1rem 1rem 0; }
.plan-bar section { margin-bottom: 0; }
.plan-controls, .missed-form { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: center; }
.plan-controls label, .missed-form label { display: flex; gap: 0.3rem; align-items: center; }
.plan-controls select, .plan-controls button, .missed-form input, .missed-form button { font: inherit; }
.outcomes p { margin: 0.4rem 0 0; }
.outcomes ul { margin: 0.2rem 0 0; padding-left: 1.2rem; }
.missed-form { flex-basis: 100%; margin-top: 0.35rem; padding: 0.35rem 0.5rem; background: #fff6f6; border: 1px solid #f0c4c4; border-radius: 4px; }
#problem { padding: 0.35rem 1rem; background: #f9dcdc; color: #b71c1c; }
#problem:empty { display: none; }
`;

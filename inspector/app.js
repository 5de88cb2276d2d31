// The inspector's client: plain DOM, no framework, no build step. Every value from the server
// is inserted as text (never as markup): hook output and reasons come from hooks and models.

const LIVE_ROWS_MAX = 200;
const SEARCH_LIMIT = 500;

/** Creates an element with attributes and children (strings become text nodes). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'onclick') node.addEventListener('click', value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function time(ms) {
  const date = new Date(ms);
  return el('time', { datetime: date.toISOString(), title: date.toISOString() }, date.toLocaleTimeString());
}

function decisionCell(decision, status) {
  if (status && status !== 'ok') return el('td', { class: `status-${status}` }, status);
  const text = decision ?? 'none';
  return el('td', { class: `decision-${text}` }, text);
}

function sessionButton(session) {
  if (!session) return el('td', {}, '—');
  return el(
    'td',
    {},
    el('button', { type: 'button', class: 'link', onclick: () => showSession(session) }, session),
  );
}

function parseJson(text, fallback) {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

function hooksSummary(hooks) {
  if (hooks.length === 0) return 'no hook ran';
  return hooks.map((hook) => `${hook.label} → ${hook.outcome}`).join('; ');
}

function auditRowCells(row) {
  const hooks = parseJson(row.hooks, []);
  return [
    el('td', {}, time(row.time_ms)),
    el('td', {}, row.team),
    el('td', {}, row.host),
    sessionButton(row.session_id),
    el(
      'td',
      {},
      el('button', { type: 'button', class: 'link', onclick: () => showDispatch(row) }, row.event),
    ),
    el('td', {}, row.tool ?? ''),
    decisionCell(row.decision, row.status),
    el('td', {}, hooksSummary(hooks)),
    el('td', { class: 'num' }, row.duration_ms.toFixed(1)),
  ];
}

// Live dispatches ---------------------------------------------------------------------------

function onLive(item) {
  const tbody = document.getElementById('live-rows');
  const id = `live-${item.id}`;
  let tr = document.getElementById(id);
  if (item.phase === 'start') {
    if (tr) return;
    tr = el(
      'tr',
      { id, class: 'running' },
      el('td', {}, time(item.time)),
      el('td', {}, item.team),
      el('td', {}, item.host),
      sessionButton(item.session),
      el('td', {}, item.event),
      el('td', {}, item.tool ?? ''),
      el('td', {}, 'running…'),
      el('td', {}, `${item.handlers} hook${item.handlers === 1 ? '' : 's'}`),
      el('td', { class: 'num' }, ''),
    );
  } else {
    const row = el('tr', { id, 'data-dispatch': item.id }, ...auditRowCells(item));
    if (tr) {
      tr.replaceWith(row);
      return;
    }
    tr = row;
  }
  tbody.prepend(tr);
  while (tbody.rows.length > LIVE_ROWS_MAX) tbody.deleteRow(-1);
}

function startLive() {
  const status = document.getElementById('server-status');
  const source = new EventSource('/api/events');
  source.addEventListener('hello', (event) => {
    status.textContent = `Connected to ${JSON.parse(event.data).serverId}: live.`;
  });
  source.addEventListener('dispatch', (event) => onLive(JSON.parse(event.data)));
  source.addEventListener('error', () => {
    status.textContent = 'Live updates interrupted; reconnecting…';
  });
}

// Audit search ------------------------------------------------------------------------------

function searchQuery(form) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form))
    if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params;
}

async function search(event) {
  event?.preventDefault();
  const form = document.getElementById('search-form');
  const params = searchQuery(form);
  params.set('limit', String(SEARCH_LIMIT));
  const status = document.getElementById('search-status');
  status.textContent = 'Searching…';
  const response = await fetch(`/api/audit?${params}`);
  const body = await response.json();
  if (!response.ok) {
    status.textContent = body.error ?? `Search failed (${response.status}).`;
    return;
  }
  const tbody = document.getElementById('search-rows');
  tbody.replaceChildren(
    ...body.dispatches.map((row) =>
      el(
        'tr',
        { 'data-dispatch': row.id },
        el('td', {}, time(row.time_ms)),
        el('td', {}, row.team),
        el('td', {}, row.host),
        sessionButton(row.session_id),
        el(
          'td',
          {},
          el('button', { type: 'button', class: 'link', onclick: () => showDispatch(row) }, row.event),
        ),
        el('td', {}, row.tool ?? ''),
        decisionCell(row.decision, 'ok'),
        el('td', {}, row.reason ?? ''),
        el('td', { class: `status-${row.status}` }, row.status),
      ),
    ),
  );
  const n = body.dispatches.length;
  status.textContent = `${n} record${n === 1 ? '' : 's'}${n === SEARCH_LIMIT ? ` (first ${SEARCH_LIMIT}; narrow the filters)` : ''}.`;
  document.getElementById('export-json').href = `/api/audit?${params}`;
}

// Session timeline and dispatch detail ------------------------------------------------------

async function showSession(session) {
  const status = document.getElementById('timeline-status');
  status.textContent = `Loading session ${session}…`;
  const response = await fetch(`/api/sessions/${encodeURIComponent(session)}`);
  const body = await response.json();
  const list = document.getElementById('timeline-list');
  list.replaceChildren(
    ...body.dispatches.map((row) => {
      const hooks = parseJson(row.hooks, []);
      const decision = row.status === 'ok' ? (row.decision ?? 'no decision') : row.status;
      return el(
        'li',
        {},
        time(row.time_ms),
        ' ',
        el('button', { type: 'button', class: 'link', onclick: () => showDispatch(row) }, row.event),
        row.tool ? ` ${row.tool}` : '',
        ' — ',
        el('span', { class: `decision-${row.decision ?? 'none'}` }, decision),
        row.reason ? `: ${row.reason}` : '',
        ` (${hooksSummary(hooks)}, ${row.duration_ms.toFixed(1)} ms)`,
      );
    }),
  );
  status.textContent = `Session ${session}: ${body.dispatches.length} dispatches, oldest first.`;
  document.getElementById('timeline').scrollIntoView({ block: 'start' });
}

function showDispatch(row) {
  const hooks = parseJson(row.hooks, []);
  const texts = parseJson(row.texts, {});
  const body = document.getElementById('detail-body');
  body.replaceChildren(
    el(
      'dl',
      {},
      ...[
        ['Dispatch', row.id],
        ['Time', new Date(row.time_ms).toISOString()],
        ['Team / host', `${row.team} / ${row.host}`],
        ['Machine', row.machine ?? '—'],
        ['Session', row.session_id ?? '—'],
        ['Event / tool', `${row.event}${row.tool ? ` / ${row.tool}` : ''}`],
        ['Status / decision', `${row.status} / ${row.decision ?? 'none'}`],
        ['Reason', row.reason ?? '—'],
        ['Input digest (SHA-256)', row.input_digest],
        ['Configuration version', row.config_version ?? '—'],
        ['Server', row.server_id],
      ].flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]),
    ),
    el('h3', {}, 'Hooks'),
    hooks.length === 0
      ? el('p', { class: 'muted' }, 'No hook ran.')
      : el(
          'table',
          {},
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              ...['Hook', 'Type', 'Source', 'Outcome', 'Exit', 'ms', 'Effect'].map((h) =>
                el('th', { scope: 'col' }, h),
              ),
            ),
          ),
          el(
            'tbody',
            {},
            ...hooks.map((hook) =>
              el(
                'tr',
                {},
                el('td', {}, el('code', {}, hook.label)),
                el('td', {}, hook.type),
                el('td', {}, `${hook.source.file} ${hook.source.pointer} (${hook.source.scope})`),
                el('td', {}, hook.outcome),
                el('td', {}, hook.exitCode ?? ''),
                el('td', { class: 'num' }, hook.durationMs),
                el('td', {}, hook.effect),
              ),
            ),
          ),
        ),
    el('h3', {}, 'Texts'),
    el('pre', {}, JSON.stringify(texts, null, 2)),
    row.input ? el('h3', {}, 'Input') : null,
    row.input ? el('pre', {}, row.input) : null,
  );
  const section = document.getElementById('detail');
  section.hidden = false;
  document.getElementById('detail-title').focus();
}

// Hooks in force ----------------------------------------------------------------------------

function where(source) {
  return `${source.file}${source.line ? `:${source.line}` : ''} ${source.pointer} (${source.scope})`;
}

function hostListing(host) {
  const listing = host.listing;
  const rows = listing ? listing.handlers : [];
  return el(
    'div',
    {},
    el('h4', {}, `${host.host} (profile ${host.profile}, version ${host.version})`),
    rows.length === 0 && host.functionHooks.length === 0
      ? el('p', { class: 'muted' }, 'No hooks configured for this host.')
      : el(
          'table',
          {},
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              ...['Event', 'Matcher', 'Type', 'Runs', 'From', 'Why'].map((h) =>
                el('th', { scope: 'col' }, h),
              ),
            ),
          ),
          el(
            'tbody',
            {},
            ...rows.map((row) =>
              el(
                'tr',
                {},
                el('td', {}, row.event),
                el('td', {}, row.matcher ?? '*', row.if ? ` if ${row.if}` : ''),
                el('td', {}, row.type),
                el('td', {}, el('code', {}, row.target)),
                el('td', {}, where(row.source)),
                el('td', {}, (row.why ?? []).join('; ')),
              ),
            ),
            ...host.functionHooks.map((hook) =>
              el(
                'tr',
                {},
                el('td', {}, hook.event),
                el('td', {}, hook.matcher ?? '*'),
                el('td', {}, 'function'),
                el('td', {}, 'in-process'),
                el('td', {}, where(hook.source)),
                el('td', {}, 'registered by the program that started the server'),
              ),
            ),
          ),
        ),
    listing && listing.skipped.length > 0
      ? el('ul', {}, ...listing.skipped.map((s) => el('li', {}, `skipped ${where(s.source)}: ${s.why}`)))
      : null,
    listing && listing.diagnostics.length > 0
      ? el('ul', {}, ...listing.diagnostics.map((d) => el('li', {}, `${d.severity} ${d.code}: ${d.message}`)))
      : null,
  );
}

async function loadHooks() {
  const response = await fetch('/api/hooks');
  const body = await response.json();
  const container = document.getElementById('hooks-body');
  if (body.teams.length === 0) {
    container.replaceChildren(el('p', { class: 'muted' }, 'No teams are configured.'));
    return;
  }
  container.replaceChildren(
    ...body.teams.map((team) =>
      el(
        'section',
        { 'aria-label': `Team ${team.team}` },
        el('h3', {}, `Team ${team.team}`),
        el('p', { class: 'muted' }, `Hooks folder: ${team.hooksDir}`),
        ...team.hosts.map(hostListing),
      ),
    ),
  );
}

document.getElementById('search-form').addEventListener('submit', search);
startLive();
loadHooks();
search();

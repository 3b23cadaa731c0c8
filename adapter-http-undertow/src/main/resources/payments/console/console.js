'use strict';
// The sandbox console: a client of the public API in the browser. The API token lives in this tab's
// sessionStorage only and is sent only to this server's API. Every value from the API is written as text
// (textContent, never HTML), so a customer named like markup shows as that markup's text.

const BASE = '/2025-10-13';
const TOKEN_KEY = 'payments.console.token';
const view = () => document.getElementById('view');
const state = { config: null };

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name.startsWith('on')) {
      node.addEventListener(name.substring(2), value);
    } else if (value !== undefined && value !== null && value !== false) {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

function show(...nodes) {
  view().replaceChildren(...nodes);
}

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.code + ': ' + body.message : 'HTTP ' + status);
    this.status = status;
    this.body = body;
  }
}

async function api(method, path, body, token) {
  const headers = { Authorization: 'Basic ' + btoa(token || sessionStorage.getItem(TOKEN_KEY) || '') };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (method === 'POST') {
    headers['Idempotency-Key'] = crypto.randomUUID();
  }
  // credentials 'omit': a refused token is an error here, never the browser's own sign-in dialog.
  const response = await fetch(BASE + path, { method, headers, credentials: 'omit', cache: 'no-store',
    body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok && response.status !== 202) {
    throw new ApiError(response.status, json);
  }
  return json;
}

/** An amount in the currency's units with its decimals: {amount, currency: {code, decimals}}. */
function money(value) {
  if (!value || !value.currency) {
    return '';
  }
  const decimals = value.currency.decimals;
  const negative = value.amount < 0;
  const digits = String(Math.abs(value.amount)).padStart(decimals + 1, '0');
  const units = decimals > 0 ? digits.slice(0, -decimals) + '.' + digits.slice(-decimals) : digits;
  return (negative ? '-' : '') + units + ' ' + value.currency.code;
}

function sandbox() {
  return state.config && state.config.environment === 'SANDBOX';
}

function errorLine(error) {
  return el('p', { class: 'error', role: 'alert' }, error.message);
}

function table(headings, rows) {
  return el('table', {}, el('thead', {}, el('tr', {}, headings.map(h => el('th', {}, h)))),
    el('tbody', {}, rows.length ? rows : [el('tr', {}, el('td', { colspan: headings.length, class: 'muted' },
      'Nothing yet.'))]));
}

function link(hash, text) {
  return el('a', { href: '#' + hash }, text);
}

/** Name and value pairs; those without a value are left out. */
function fields(entries) {
  return el('dl', {}, entries.filter(([, value]) => value !== undefined && value !== null && value !== '')
    .flatMap(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]));
}

/** A form whose submit runs {@code action} with its values, showing a refusal beside it. */
function form(id, inputs, label, action) {
  const message = el('span', { class: 'error', role: 'alert' });
  const node = el('form', { id }, inputs, el('button', { type: 'submit' }, label), message);
  node.addEventListener('submit', async event => {
    event.preventDefault();
    message.textContent = '';
    try {
      await action(Object.fromEntries(new FormData(node).entries()));
    } catch (error) {
      message.textContent = error.message;
    }
  });
  return node;
}

function input(name, label, attributes) {
  return el('label', {}, label, el('input', Object.assign({ name, id: 'input-' + name }, attributes || {})));
}

function select(name, label, options) {
  return el('label', {}, label, el('select', { name, id: 'input-' + name },
    options.map(([value, text]) => el('option', { value }, text))));
}

// ---- views ----

function signIn(error) {
  document.getElementById('nav').replaceChildren();
  document.getElementById('sign-out').hidden = true;
  document.getElementById('environment').textContent = '';
  show(el('h1', {}, 'Sign in'),
    el('p', {}, 'Paste an API token (', el('code', {}, '<token id>:<secret>'), '). It is kept in this tab only.'),
    form('sign-in', [input('token', 'API token', { type: 'password', autocomplete: 'off', required: true })],
      'Sign in', async values => {
        const token = values.token.trim();
        state.config = await api('GET', '/config', undefined, token);
        sessionStorage.setItem(TOKEN_KEY, token);
        if (location.hash === '#/customers') {
          route();
        } else {
          location.hash = '#/customers';
        }
      }),
    error ? errorLine(error) : null);
}

function chrome() {
  const env = document.getElementById('environment');
  env.textContent = state.config.environment;
  env.className = state.config.environment.toLowerCase();
  const links = [['/customers', 'Customers'], ['/transactions', 'Transactions'], ['/webhooks', 'Webhooks'],
    ['/ledger', 'Ledger check'], ['/config', 'Config']];
  if (sandbox()) {
    links.splice(3, 0, ['/clock', 'Clock']);
  }
  document.getElementById('nav').replaceChildren(...links.map(([hash, text]) => link(hash, text)));
  document.getElementById('sign-out').hidden = false;
}

/** A list with a cursor: {@code load(cursor)} fetches a page; next and first page buttons. */
async function paged(title, headings, path, render, extra) {
  const cursors = [];
  const body = el('div');
  async function load(cursor) {
    const page = await api('GET', path + (path.includes('?') ? '&' : '?') + 'limit=20'
      + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
    const next = page.hasMore ? el('button', { type: 'button', id: 'next-page', onclick: () => {
      cursors.push(cursor);
      load(page.nextCursor);
    } }, 'Next page') : null;
    const back = cursors.length ? el('button', { type: 'button', onclick: () => load(cursors.pop()) },
      'Previous page') : null;
    body.replaceChildren(table(headings, page.data.map(render)),
      el('div', { class: 'pager' }, back, next,
        page.totalCount !== undefined ? el('span', { class: 'muted' }, page.totalCount + ' in all') : null));
  }
  show(el('h1', {}, title), extra || null, body);
  await load(null);
}

function customerName(c) {
  return c.fullName || (c.businessInfo && c.businessInfo.legalName) || c.platformCustomerId || '';
}

async function customers(query) {
  const search = form('customer-search', [input('platformCustomerId', 'Platform customer id'),
    select('customerType', 'Type', [['', 'Any'], ['INDIVIDUAL', 'Individual'], ['BUSINESS', 'Business']])],
  'Search', async values => {
    const params = new URLSearchParams(Object.entries(values).filter(([, v]) => v));
    location.hash = '#/customers?' + params;
  });
  const create = sandbox() ? form('create-customer', [input('fullName', 'Full name', { required: true }),
    input('email', 'Email', { type: 'email' }),
    select('kycStatus', 'KYC (sandbox)', [['APPROVED', 'Approved'], ['PENDING', 'Pending'],
      ['REJECTED', 'Rejected']])],
  'Create customer', async values => {
    const created = await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: values.fullName,
      email: values.email || undefined, kycStatus: values.kycStatus, currencies: ['USD', 'EUR'] });
    location.hash = '#/customers/' + encodeURIComponent(created.id);
  }) : null;
  await paged('Customers', ['Customer', 'Name', 'Platform id', 'Type', 'KYC', 'Created'],
    '/customers' + (query ? '?' + query : ''),
    c => el('tr', {}, el('td', {}, link('/customers/' + encodeURIComponent(c.id), c.id)),
      el('td', { class: 'name' }, customerName(c)), el('td', {}, c.platformCustomerId || ''),
      el('td', {}, c.customerType), el('td', {}, c.kycStatus || c.kybStatus || ''), el('td', {}, c.createdAt)),
    el('div', {}, search, create));
}

async function customer(id) {
  const [c, accounts] = await Promise.all([api('GET', '/customers/' + encodeURIComponent(id)),
    api('GET', '/customers/internal-accounts?limit=100&customerId=' + encodeURIComponent(id))]);
  const rows = accounts.data.map(a => el('tr', {}, el('td', {}, link('/accounts/' + encodeURIComponent(a.id), a.id)),
    el('td', {}, a.type), el('td', { class: 'amount balance' }, money(a.balance)), el('td', {}, a.status),
    el('td', {}, sandbox() ? form('fund-' + a.id, [input('amount', 'Amount (minor units)',
      { type: 'number', min: 1, required: true })], 'Fund', async values => {
      await api('POST', '/sandbox/internal-accounts/' + encodeURIComponent(a.id) + '/fund',
        { amount: Number(values.amount) });
      await customer(id);
    }) : '')));
  const [externals, cards] = await Promise.all([
    api('GET', '/customers/external-accounts?limit=100&customerId=' + encodeURIComponent(id)),
    sandbox() ? api('GET', '/cards?limit=100&cardholderId=' + encodeURIComponent(id)) : { data: [] }]);
  show(el('h1', { class: 'name' }, customerName(c)),
    fields([['Id', c.id], ['Platform id', c.platformCustomerId], ['Type', c.customerType],
      ['KYC', c.kycStatus || c.kybStatus], ['Email', c.email], ['UMA address', c.umaAddress],
      ['Created', c.createdAt]]),
    el('h2', {}, 'Accounts'), table(['Account', 'Type', 'Balance', 'Status', ''], rows),
    el('h2', {}, 'External accounts'),
    table(['Account', 'Type', 'Currency', 'Status'], externals.data.map(x => el('tr', {}, el('td', {}, x.id),
      el('td', {}, x.accountInfo ? x.accountInfo.accountType : ''), el('td', {}, x.currency),
      el('td', {}, x.status)))),
    sandbox() ? externalAccountForm(id) : null,
    sandbox() ? transferForm(id, accounts.data, externals.data) : null,
    sandbox() ? quoteForm(accounts.data, externals.data) : null,
    sandbox() ? umaReceiveForm(id, accounts.data) : null,
    sandbox() ? cardsSection(id, c, accounts.data, cards.data) : null);
}

function quoteForm(internals, externals) {
  const option = a => [a.id, a.id + ' (' + (a.balance ? money(a.balance) : a.currency) + ')'];
  const result = el('div', { id: 'quote-result' });
  return el('div', {}, el('h2', {}, 'Quote and execute'),
    form('quote', [select('quoteSource', 'From', internals.map(option)),
      select('quoteDestination', 'To', externals.map(option)),
      input('quoteAmount', 'Sending amount (minor units)', { type: 'number', min: 1, required: true })],
    'Quote', async values => {
      const quote = await api('POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: values.quoteSource },
        destination: { destinationType: 'ACCOUNT', accountId: values.quoteDestination },
        lockedCurrencySide: 'SENDING', lockedCurrencyAmount: Number(values.quoteAmount) });
      result.replaceChildren(fields([['Quote', link('/quotes/' + encodeURIComponent(quote.id), quote.id)],
        ['Status', quote.status],
        ['Sending', money({ amount: quote.totalSendingAmount, currency: quote.sendingCurrency })],
        ['Receiving', money({ amount: quote.totalReceivingAmount, currency: quote.receivingCurrency })],
        ['Rate', quote.exchangeRate], ['Expires', quote.expiresAt]]),
      form('execute-quote', [], 'Execute', async () => {
        await api('POST', '/quotes/' + encodeURIComponent(quote.id) + '/execute');
        location.hash = '#/transactions/' + encodeURIComponent(quote.transactionId);
      }));
    }), result);
}

function umaReceiveForm(customerId, internals) {
  const currencies = [...new Set(internals.map(a => a.balance.currency.code))];
  return el('div', {}, el('h2', {}, 'Receive a UMA payment'),
    form('uma-receive', [input('sender', 'Sender (a sandbox address)', { value: '$jane.doe@sandbox.uma.money',
      required: true }), select('receivingCurrency', 'Currency', currencies.map(c => [c, c])),
    input('receivingAmount', 'Amount (minor units)', { type: 'number', min: 1, required: true })],
    'Receive', async values => {
      const received = await api('POST', '/sandbox/uma/receive', { senderUmaAddress: values.sender, customerId,
        receivingCurrencyCode: values.receivingCurrency, receivingCurrencyAmount: Number(values.receivingAmount) });
      location.hash = '#/transactions/' + encodeURIComponent(received.id);
    }));
}

/** The sandbox card network's outcomes by the merchant descriptor's last three characters (docs/SANDBOX.md). */
const CARD_SUFFIXES = [['', 'approved when funded'], ['002', 'declined: insufficient funds'],
  ['003', 'declined: card paused'], ['005', 'approved, funding pull delayed 30 s'],
  ['006', 'approved, its clearing fails: EXCEPTION']];

function cardsSection(customerId, holder, internals, cards) {
  const rows = cards.map(card => el('tr', {}, el('td', {}, card.id), el('td', {}, card.state),
    el('td', {}, card.last4 ? '•••• ' + card.last4 : ''), el('td', {}, card.currency),
    el('td', {}, card.state === 'ACTIVE' ? form('authorize-' + card.id, [
      input('amount', 'Amount (minor units)', { type: 'number', min: 1, required: true }),
      select('suffix', 'Merchant', CARD_SUFFIXES.map(([suffix, what]) => [suffix, 'SHOP' + suffix + ': ' + what]))],
    'Simulate authorization', async values => {
      const answer = await api('POST', '/sandbox/cards/' + encodeURIComponent(card.id) + '/simulate/authorization',
        { amount: Number(values.amount), currency: card.currency, merchant: { descriptor: 'SHOP' + values.suffix } });
      if (answer.cardTransactionId) {
        location.hash = '#/transactions/' + encodeURIComponent(answer.cardTransactionId);
      } else {
        throw new Error('Declined: ' + answer.declineReason);
      }
    }) : '')));
  const fiat = internals.filter(a => a.type === 'INTERNAL_FIAT');
  return el('div', {}, el('h2', {}, 'Cards'), table(['Card', 'State', 'Number', 'Currency', ''], rows),
    (holder.kycStatus || holder.kybStatus) === 'APPROVED' ? form('issue-card',
      [select('cardSource', 'Funded by', fiat.map(a => [a.id, a.id + ' (' + money(a.balance) + ')']))],
      'Issue card', async values => {
        await api('POST', '/cards', { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [values.cardSource] });
        await customer(customerId);
      }) : el('p', { class: 'muted' }, 'A card needs the customer\'s KYC approved.'));
}

/** The sandbox's outcomes of a transfer by the external account number's last three digits (docs/SANDBOX.md). */
const TRANSFER_SUFFIXES = [['000', 'completes'], ['002', 'fails at once: insufficient funds'],
  ['003', 'fails at once: account closed'], ['004', 'the bank rejects it'],
  ['005', 'PROCESSING for 30 s, then fails']];

function externalAccountForm(customerId) {
  return form('add-external-account', [select('suffix', 'A USD bank account whose transfers…',
    TRANSFER_SUFFIXES.map(([suffix, outcome]) => [suffix, '…' + suffix + ': ' + outcome]))],
  'Add external account', async values => {
    const number = String(Date.now()).slice(-6) + values.suffix;
    await api('POST', '/customers/external-accounts', { customerId, currency: 'USD', accountInfo: {
      accountType: 'USD_ACCOUNT', accountNumber: number, routingNumber: '021000021',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Console payee',
        address: { line1: '1 Main St', postalCode: '10001', country: 'US' } } } });
    await customer(customerId);
  });
}

function transferForm(customerId, internals, externals) {
  const option = a => [a.id, a.id + (a.balance ? ' (' + money(a.balance) + ')' : ' (' + a.currency + ')')];
  return form('transfer-out', [select('source', 'From', internals.map(option)),
    select('destination', 'To', externals.map(option)),
    input('amount', 'Amount (minor units)', { type: 'number', min: 1, required: true })],
  'Transfer out', async values => {
    const made = await api('POST', '/transfer-out', { source: { accountId: values.source },
      destination: { accountId: values.destination }, amount: Number(values.amount) });
    location.hash = '#/transactions/' + encodeURIComponent(made.id);
  });
}

async function transactions(query) {
  await paged('Transactions', ['Transaction', 'Type', 'Status', 'Amount', 'Customer', 'Created'],
    '/transactions' + (query ? '?' + query : ''),
    t => el('tr', {}, el('td', {}, link('/transactions/' + encodeURIComponent(t.id), t.id)), el('td', {}, t.type),
      el('td', { class: 'status' }, t.status), el('td', { class: 'amount' },
        money(t.sentAmount || t.receivedAmount || t.authorizedAmount)),
      el('td', {}, t.customerId), el('td', {}, t.createdAt)));
}

async function account(id) {
  const entries = sandbox() ? await api('GET', '/sandbox/ledger/entries?limit=100&accountId=' + encodeURIComponent(id))
    : { data: [] };
  await transactions('accountIdentifier=' + encodeURIComponent(id));
  view().prepend(el('p', { class: 'muted' }, 'Account ' + id), balanceChart(entries.data));
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes, ...children) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, String(value)));
  children.forEach(child => node.append(child instanceof Node ? child : document.createTextNode(String(child))));
  return node;
}

/** The account's balance after each of its latest entries, oldest to newest, as a line. */
function balanceChart(entries) {
  if (entries.length === 0) {
    return el('p', { class: 'muted', id: 'balance-chart' }, 'No ledger entries yet.');
  }
  const points = entries.slice().reverse();
  const width = 640;
  const height = 120;
  const max = Math.max(...points.map(e => e.balanceAfter), 1);
  const x = i => points.length === 1 ? width / 2 : 10 + i * (width - 20) / (points.length - 1);
  const y = v => height - 10 - (height - 20) * v / max;
  const line = points.map((e, i) => x(i).toFixed(1) + ',' + y(e.balanceAfter).toFixed(1)).join(' ');
  return el('figure', { id: 'balance-chart' }, svg('svg', { width, height, viewBox: '0 0 ' + width + ' ' + height,
    role: 'img', 'aria-label': 'Balance over the latest ' + points.length + ' entries' },
  svg('polyline', { points: line, fill: 'none', stroke: '#2f6fde', 'stroke-width': 2 }),
  ...points.map((e, i) => svg('circle', { cx: x(i), cy: y(e.balanceAfter), r: 3, fill: '#2f6fde' },
    svg('title', {}, e.createdAt + ': ' + e.balanceAfter + ' ' + e.currency)))),
  el('figcaption', { class: 'muted' }, 'Balance after each of the latest ' + points.length + ' entries (minor units ',
    'of ' + points[0].currency + ', highest ' + max + ').'));
}

async function transaction(id) {
  const [t, events] = await Promise.all([api('GET', '/transactions/' + encodeURIComponent(id)),
    api('GET', '/webhooks/events?limit=100&resourceId=' + encodeURIComponent(id))]);
  const postings = sandbox() ? await postingsOf(t) : [];
  const quote = t.quoteId ? el('p', {}, 'Made by ', link('/quotes/' + encodeURIComponent(t.quoteId), t.quoteId))
    : null;
  const timeline = events.data.slice().sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(e => el('tr', {}, el('td', {}, e.createdAt), el('td', {}, link('/webhooks/' + encodeURIComponent(e.id),
      e.type)), el('td', { class: 'status' }, e.data && e.data.status), el('td', {}, e.status)));
  show(el('h1', {}, 'Transaction'),
    fields([['Id', t.id], ['Type', t.type], ['Status', t.status], ['Direction', t.direction],
      ['Sent', money(t.sentAmount)], ['Received', money(t.receivedAmount)],
      ['Authorized', money(t.authorizedAmount)], ['Settled', money(t.settledAmount)],
      ['Failure', t.failureReason], ['Customer', t.customerId], ['Created', t.createdAt],
      ['Updated', t.updatedAt], ['Settled at', t.settledAt]]),
    quote, sandbox() && t.type === 'CARD' ? cardMessages(t) : null,
    el('h2', {}, 'Timeline'), el('div', { id: 'timeline' },
      table(['When', 'Event', 'Status', 'Delivery'], timeline)),
    sandbox() ? el('h2', {}, 'Ledger postings on its accounts') : null,
    sandbox() ? el('div', { id: 'postings' }, table(['When', 'Account', 'Journal', 'Amount', 'Balance after'],
      postings.map(p => el('tr', {}, el('td', {}, p.createdAt), el('td', {}, p.account), el('td', {}, p.kind),
        el('td', { class: 'amount' }, p.amount + ' ' + p.currency),
        el('td', { class: 'amount' }, p.balanceAfter + ' ' + p.currency))))) : null,
    el('h2', {}, 'As the API answers it'), el('pre', {}, JSON.stringify(t, null, 2)));
}

/** The card network's later messages about a card transaction, from the sandbox's simulators. */
function cardMessages(t) {
  const send = (message, body) => async () => {
    await api('POST', '/sandbox/cards/' + encodeURIComponent(t.cardId) + '/simulate/' + message,
      Object.assign({ cardTransactionId: t.id }, body));
    await transaction(t.id);
  };
  const amountOf = (name, message, label) => form(message.replace('_', '-'), [input(name, label,
    { type: 'number', min: message === 'clearing' ? 0 : 1, required: true })], label.split(' (')[0],
  async values => send(message, { amount: Number(values[name]) })());
  const open = t.status === 'AUTHORIZED' || t.status === 'PARTIALLY_SETTLED';
  return el('div', { id: 'card-messages' }, el('h2', {}, 'Card network (sandbox)'),
    open ? amountOf('clearAmount', 'clearing', 'Clear (minor units; 0 expires it)') : null,
    open ? amountOf('adviceAmount', 'authorization_advice', 'Advise a new total (minor units)') : null,
    t.status === 'SETTLED' || t.status === 'PARTIALLY_SETTLED'
      ? amountOf('returnAmount', 'return', 'Return (minor units)') : null,
    t.status === 'REFUNDED' ? form('return-reversal', [], 'Reverse the return', send('return_reversal', {})) : null);
}

async function quoteView(id) {
  const q = await api('GET', '/quotes/' + encodeURIComponent(id));
  show(el('h1', {}, 'Quote'), fields([['Id', q.id], ['Status', q.status],
    ['Sending', money({ amount: q.totalSendingAmount, currency: q.sendingCurrency })],
    ['Receiving', money({ amount: q.totalReceivingAmount, currency: q.receivingCurrency })],
    ['Rate', q.exchangeRate], ['Fees', money({ amount: q.feesIncluded, currency: q.sendingCurrency })],
    ['Expires', q.expiresAt], ['Transaction', link('/transactions/' + encodeURIComponent(q.transactionId),
      q.transactionId)]]),
  el('h2', {}, 'As the API answers it'), el('pre', {}, JSON.stringify(q, null, 2)));
}

/** The entries a transaction made on its internal accounts (the books name it as the journals' reference). */
async function postingsOf(t) {
  const accounts = [t.accountId, t.source && t.source.accountId, t.destination && t.destination.accountId]
    .filter(a => a && a.startsWith('InternalAccount:'));
  const found = [];
  for (const account of [...new Set(accounts)]) {
    const entries = await api('GET', '/sandbox/ledger/entries?limit=100&accountId=' + encodeURIComponent(account));
    entries.data.filter(e => e.reference === t.id).forEach(e => found.push(Object.assign({ account }, e)));
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function webhooks() {
  const result = el('span', { id: 'test-webhook-result' });
  const test = sandbox() ? el('div', {}, form('test-webhook', [], 'Send a test webhook', async () => {
    const sent = await api('POST', '/sandbox/webhooks/test');
    result.textContent = sent.url + ' answered ' + (sent.response_status ?? 'nothing');
  }), result) : null;
  await paged('Webhook events', ['Event', 'Type', 'Status', 'Created'], '/webhooks/events',
    e => el('tr', {}, el('td', {}, link('/webhooks/' + encodeURIComponent(e.id), e.id)), el('td', {}, e.type),
      el('td', {}, e.status), el('td', {}, e.createdAt)), el('div', {}, await backlog(), test));
}

const EVENT_STATUSES = [['PENDING', 'waiting to be delivered', '#e8a33d'], ['DELIVERED', 'delivered', '#5cb85c'],
  ['EXHAUSTED', 'given up after every retry', '#b00020'], ['NOT_SENT', 'no endpoint when they happened', '#99a']];

/** How many events are in each delivery status: the backlog is the pending ones. */
async function backlog() {
  const counts = await Promise.all(EVENT_STATUSES.map(([status]) =>
    api('GET', '/webhooks/events?limit=1&status=' + status).then(page => page.totalCount)));
  const max = Math.max(...counts, 1);
  const rowHeight = 22;
  return el('figure', { id: 'webhook-backlog' }, svg('svg', { width: 640, height: rowHeight * counts.length,
    role: 'img', 'aria-label': 'Webhook events by delivery status' },
  ...EVENT_STATUSES.flatMap(([status, what, colour], i) => [
    svg('rect', { x: 200, y: i * rowHeight + 4, height: rowHeight - 8, width: Math.max(1, 420 * counts[i] / max),
      fill: colour }, svg('title', {}, counts[i] + ' ' + what)),
    svg('text', { x: 0, y: i * rowHeight + 16, 'font-size': 12 }, status + ': ' + counts[i])])),
  el('figcaption', { class: 'muted' }, 'Webhook events by delivery status; the backlog is PENDING.'));
}

async function webhookEvent(id) {
  const e = await api('GET', '/webhooks/events/' + encodeURIComponent(id));
  const attempts = e.deliveries.map(d => el('tr', {}, el('td', {}, d.attempt), el('td', {}, d.startedAt),
    el('td', { class: 'outcome' }, d.outcome), el('td', { class: 'response-status' }, d.responseStatus ?? ''),
    el('td', {}, d.latencyMillis !== undefined ? d.latencyMillis + ' ms' : ''),
    el('td', {}, (d.responseBody || d.error || '').slice(0, 120))));
  show(el('h1', {}, e.type), fields([['Event', e.id], ['Status', e.status], ['Created', e.createdAt]]),
    el('h2', {}, 'Deliveries'), table(['Attempt', 'Started', 'Outcome', 'Answer', 'Latency', 'Answer began'],
      attempts),
    sandbox() ? form('replay', [], 'Deliver again', async () => {
      await api('POST', '/webhooks/events/' + encodeURIComponent(id) + '/replay');
      await webhookEvent(id);
    }) : null,
    el('h2', {}, 'Data'), el('pre', {}, JSON.stringify(e.data, null, 2)));
}

async function clock() {
  const now = await api('GET', '/sandbox/clock');
  show(el('h1', {}, 'Sandbox clock'),
    fields([['Now', now.now], ['Ahead of real time by (s)', now.offsetSeconds]]),
    form('advance-clock', [input('seconds', 'Seconds', { type: 'number', min: 1, required: true })],
      'Advance', async values => {
        await api('POST', '/sandbox/clock/advance', { seconds: Number(values.seconds) });
        await clock();
      }));
}

async function ledger() {
  const check = await api('GET', '/sandbox/ledger/check');
  show(el('h1', {}, 'Ledger check'), el('p', { id: 'ledger-result' },
    check.balanced ? 'Balanced: every invariant holds.' : 'Not balanced:'),
  el('ul', {}, check.violations.map(v => el('li', {}, v))));
}

function config() {
  show(el('h1', {}, 'Platform configuration'), el('pre', {}, JSON.stringify(state.config, null, 2)));
}

const ROUTES = [
  [/^\/customers$/, () => customers()],
  [/^\/customers\?(.*)$/, m => customers(m[1])],
  [/^\/customers\/([^/?]+)$/, m => customer(decodeURIComponent(m[1]))],
  [/^\/accounts\/([^/?]+)$/, m => account(decodeURIComponent(m[1]))],
  [/^\/transactions$/, () => transactions()],
  [/^\/transactions\/([^/?]+)$/, m => transaction(decodeURIComponent(m[1]))],
  [/^\/quotes\/([^/?]+)$/, m => quoteView(decodeURIComponent(m[1]))],
  [/^\/webhooks$/, () => webhooks()],
  [/^\/webhooks\/([^/?]+)$/, m => webhookEvent(decodeURIComponent(m[1]))],
  [/^\/clock$/, () => clock()],
  [/^\/ledger$/, () => ledger()],
  [/^\/config$/, () => config()],
];

async function route() {
  if (!sessionStorage.getItem(TOKEN_KEY)) {
    signIn();
    return;
  }
  try {
    if (!state.config) {
      state.config = await api('GET', '/config');
    }
    chrome();
    const path = location.hash.replace(/^#/, '') || '/customers';
    for (const [pattern, render] of ROUTES) {
      const match = path.match(pattern);
      if (match) {
        await render(match);
        return;
      }
    }
    show(el('h1', {}, 'Not found'), el('p', {}, 'No such view: ' + path));
  } catch (error) {
    if (error.status === 401) {
      sessionStorage.removeItem(TOKEN_KEY);
      state.config = null;
      signIn(error);
    } else {
      show(el('h1', {}, 'Error'), errorLine(error));
    }
  }
}

function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
  state.config = null;
  location.hash = '';
  signIn();
}

document.getElementById('sign-out').addEventListener('click', signOut);
window.addEventListener('hashchange', route);
route();

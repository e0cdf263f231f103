// The console: signs the person in (PKCE, public client), lists the policies of a type with their
// rules, and shows only the buttons the person may use (the gateway's `viewerCan*` fields, which
// follow the service's links for their token: a read-only admin gets none).
import { beginSignIn, completeSignIn, discover, revoke } from './oauth.js';
import { createClient, POLICY_TYPES } from './policies.js';

const CALLBACK_PATH = '/callback';
const config = await (await fetch('/config.json')).json();
const oauth = {
  server: await discover(config.issuer),
  clientId: config.clientId,
  redirectUri: location.origin + CALLBACK_PATH,
  scope: config.scope,
};
/** { accessToken, who, expiresAt } while signed in; in memory only. */
let session;
const gateway = createClient(config.graphqlEndpoint, () => {
  if (session && Date.now() >= session.expiresAt) {
    session = undefined;
    renderSession();
  }
  return session ? `Bearer ${session.accessToken}` : '';
});

const $ = (selector) => document.querySelector(selector);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const say = (text) => {
  $('#message').textContent = text;
};

function renderSession() {
  if (session) {
    $('#session').replaceChildren(
      el('span', { id: 'who', textContent: `Signed in as ${session.who}` }),
      el('button', { id: 'sign-out', textContent: 'Sign out', onclick: signOut }),
    );
  } else {
    const signIn = () => beginSignIn(oauth).catch((error) => say(`Sign-in failed: ${error.message}`));
    $('#session').replaceChildren(el('button', { id: 'sign-in', textContent: 'Sign in', onclick: signIn }));
  }
}

async function signOut() {
  const token = session.accessToken;
  session = undefined;
  renderSession();
  $('#policies').replaceChildren();
  await revoke(oauth, token);
}

/** A button that runs one change, then shows the list again (or the error). */
function action(label, run) {
  return el('button', {
    textContent: label,
    className: 'action',
    onclick: () => run().then(showPolicies, (error) => say(error.message)),
  });
}

function renderPolicy(policy) {
  const buttons = [];
  if (policy.viewerCanUpdate) {
    buttons.push(
      action('Rename', () => {
        const name = prompt('New name', policy.name);
        return name ? gateway.rename(policy.id, name) : Promise.resolve();
      }),
    );
  }
  if (policy.viewerCanActivate) buttons.push(action('Activate', () => gateway.activate(policy.id)));
  if (policy.viewerCanDeactivate) buttons.push(action('Deactivate', () => gateway.deactivate(policy.id)));
  if (policy.viewerCanDelete) buttons.push(action('Delete', () => gateway.delete(policy.id)));
  const rules = (policy.rules ?? []).map((rule) =>
    el(
      'li',
      { className: 'rule' },
      el('span', { className: 'name', textContent: rule.name }),
      el('span', { className: 'status', textContent: rule.status }),
      ...(rule.viewerCanDelete ? [action('Delete rule', () => gateway.deleteRule(policy.id, rule.id))] : []),
    ),
  );
  return el(
    'li',
    { className: 'policy' },
    el(
      'div',
      { className: 'policy-head' },
      el('strong', { className: 'name', textContent: policy.name }),
      el('span', { className: 'status', textContent: policy.status }),
      ...buttons,
    ),
    el('ul', { className: 'rules' }, ...rules),
  );
}

async function showPolicies() {
  if (!session) return;
  say('');
  try {
    const policies = await gateway.policies($('#type').value);
    $('#policies').replaceChildren(...policies.map(renderPolicy));
    $('#policies').dataset.loaded = $('#type').value;
  } catch (error) {
    say(error.message);
  }
}

$('#type').replaceChildren(...POLICY_TYPES.map((type) => el('option', { value: type, textContent: type })));
$('#type').onchange = showPolicies;
if (location.pathname === CALLBACK_PATH) {
  const params = new URLSearchParams(location.search);
  history.replaceState(null, '', '/');
  try {
    session = await completeSignIn(oauth, params);
  } catch (error) {
    say(`Sign-in failed: ${error.message}`);
  }
}
renderSession();
await showPolicies();

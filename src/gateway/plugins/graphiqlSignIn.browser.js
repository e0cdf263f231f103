// GraphiQL's "Sign in" (runs in the browser): an OAuth 2.0 authorization code flow with PKCE (S256)
// against the upstream's authorization server. The access token lives in this page's memory only;
// the PKCE verifier, the state and the operation being edited wait in sessionStorage across the
// redirect and are removed when the browser comes back. While signed in, GraphiQL's requests carry `Authorization: Bearer <token>` in
// place of the Headers tab's; Sign out revokes the token and goes back to the Headers tab.
(() => {
  const config = JSON.parse(document.getElementById('graphiql-sign-in-config').textContent);
  const PENDING = 'graphiql.signIn.pending';
  const bar = document.getElementById('graphiql-sign-in');
  const redirectUri = location.origin + config.callbackPath;
  /** { accessToken, who, expiresAt } while signed in. */
  let session;
  let message = '';
  let busy = false;

  const base64url = (bytes) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));
  const sha256 = async (text) =>
    base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

  /** The claims of a JWT, unverified: only to show who is signed in (the servers verify the token). */
  function claimsOf(jwt) {
    try {
      const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
    } catch {
      return {};
    }
  }

  /**
   * The page's address to come back to: yoga's GraphiQL keeps the operation being edited in `?query=`
   * (and opens that on load); before any edit, the active tab's operation as GraphiQL stored it.
   */
  function returnSearch() {
    const search = new URLSearchParams(location.search);
    if (!search.has('query')) {
      try {
        const { tabs, activeTabIndex } = JSON.parse(localStorage.getItem('graphiql:tabState'));
        if (tabs[activeTabIndex]?.query) search.set('query', tabs[activeTabIndex].query);
      } catch {
        // Nothing stored yet: GraphiQL opens its default operation.
      }
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  }

  async function signIn() {
    const state = randomText();
    const verifier = randomText();
    sessionStorage.setItem(PENDING, JSON.stringify({ state, verifier, search: returnSearch() }));
    const url = new URL(config.authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: config.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: config.scope,
      state,
      code_challenge: await sha256(verifier),
      code_challenge_method: 'S256',
    }).toString();
    location.assign(url.toString());
  }

  /** Back from the authorization server: checks the state, exchanges the code, forgets the verifier. */
  async function finishSignIn() {
    const params = new URLSearchParams(location.search);
    const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null');
    sessionStorage.removeItem(PENDING);
    // Before GraphiQL renders (this runs first): the code leaves the address, the operation is back.
    history.replaceState(null, '', config.graphqlPath + (pending?.search ?? ''));
    if (params.has('error')) {
      throw new Error(`${params.get('error')}: ${params.get('error_description') ?? 'sign-in refused'}`);
    }
    if (!pending || params.get('state') !== pending.state || !params.get('code')) {
      throw new Error('this sign-in was not started from this page (state mismatch): sign in again');
    }
    const response = await fetch(config.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: params.get('code'),
        redirect_uri: redirectUri,
        client_id: config.clientId,
        code_verifier: pending.verifier,
      }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok || typeof answer.access_token !== 'string') {
      throw new Error(
        `the token endpoint answered ${response.status}: ${answer.error_description ?? answer.error ?? ''}`,
      );
    }
    const access = claimsOf(answer.access_token);
    const id = answer.id_token ? claimsOf(answer.id_token) : {};
    session = {
      accessToken: answer.access_token,
      who: id.preferred_username ?? id.email ?? access.sub ?? id.sub ?? 'unknown',
      expiresAt: Date.now() + (Number(answer.expires_in) || 3600) * 1000,
    };
  }

  async function signOut() {
    const token = session?.accessToken;
    session = undefined;
    message = '';
    render();
    if (!token || !config.revocationEndpoint) return;
    // Best effort: the token is forgotten either way.
    await fetch(config.revocationEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: config.clientId }),
    }).catch(() => undefined);
  }

  function render() {
    const status = document.createElement('span');
    status.className = 'graphiql-sign-in-status';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'graphiql-sign-in-button';
    if (!window.isSecureContext || !crypto.subtle) {
      status.textContent = 'Sign in needs HTTPS or localhost.';
      bar.replaceChildren(status);
      return;
    }
    if (busy) {
      status.textContent = 'Signing in…';
      bar.replaceChildren(status);
      return;
    }
    if (session) {
      status.textContent = `Signed in as ${session.who}: requests carry its access token.`;
      button.textContent = 'Sign out';
      button.onclick = () => void signOut();
    } else {
      status.textContent = message || 'Requests carry the Headers tab’s Authorization.';
      button.textContent = 'Sign in';
      button.onclick = () => void signIn().catch(showError);
    }
    bar.replaceChildren(button, status);
  }

  function showError(error) {
    busy = false;
    message = `Sign-in failed: ${error.message}`;
    render();
  }

  /** The Authorization header while signed in (an expired token is dropped), else undefined. */
  window.graphiqlSignIn = {
    authorization() {
      if (session && Date.now() >= session.expiresAt) {
        session = undefined;
        message = 'The access token has expired: sign in again.';
        render();
      }
      return session && `Bearer ${session.accessToken}`;
    },
  };

  if (location.pathname === config.callbackPath) {
    busy = true;
    render();
    finishSignIn().then(() => {
      busy = false;
      render();
    }, showError);
  } else {
    render();
  }
})();

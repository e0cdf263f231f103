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

  /** The PKCE flow (pkce.browser.js, an ES module served beside this script): loaded when first needed. */
  const pkce = () => import(config.pkceModule);

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
    const { beginSignIn } = await pkce();
    await beginSignIn({
      authorizationEndpoint: config.authorizationEndpoint,
      clientId: config.clientId,
      redirectUri,
      scope: config.scope,
      pendingKey: PENDING,
      keep: { search: returnSearch() },
    });
  }

  /** Back from the authorization server: the address is put back at once, then the code is exchanged. */
  async function finishSignIn() {
    const params = new URLSearchParams(location.search);
    const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null');
    sessionStorage.removeItem(PENDING);
    // Before GraphiQL renders (this runs first): the code leaves the address, the operation is back.
    history.replaceState(null, '', config.graphqlPath + (pending?.search ?? ''));
    const { exchangeCode } = await pkce();
    session = await exchangeCode(
      { tokenEndpoint: config.tokenEndpoint, clientId: config.clientId, redirectUri },
      params,
      pending,
    );
  }

  async function signOut() {
    const token = session?.accessToken;
    session = undefined;
    message = '';
    render();
    if (!token) return;
    const { revoke } = await pkce();
    await revoke({ revocationEndpoint: config.revocationEndpoint, clientId: config.clientId }, token);
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

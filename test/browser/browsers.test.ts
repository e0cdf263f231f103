// The tests in a real browser: GraphiQL (graphiql.ts), its Sign in (graphiql-signin.ts) and the
// example console (console.ts), in one headless Chromium started once for them all; each suite has
// a browser context of its own (its own storage and cache, as a fresh profile).
// Without /usr/bin/chromium they are skipped with a message, except under CI=true where they fail.
import { describe } from 'vitest';
import { browserTestsRun, useBrowser } from '../helpers/browser.ts';
import { consoleTests } from './console.ts';
import { graphiqlSignInTests } from './graphiql-signin.ts';
import { graphiqlTests } from './graphiql.ts';

describe.runIf(browserTestsRun('The browser tests'))('in headless Chromium', () => {
  const browser = useBrowser();
  graphiqlTests(browser);
  graphiqlSignInTests(browser);
  consoleTests(browser);
});

// Applications, read only: the fixture's and every registered OAuth client, each with the
// `accessPolicy` link to the authentication policy it is mapped to now (so it follows an assignment).
import { operationPath } from '../../rest/contract/operations.ts';
import { notFound } from '../common/errors.ts';
import { type Handler, ok } from './handler.ts';
import { toWireApp } from '../directory/apps.ts';
import { pageOf } from './directoryPaging.ts';

export const listApplications: Handler = ({ store, base, query }) => {
  const q = query.get('q')?.toLowerCase();
  const apps = store
    .apps()
    .filter((a) => !q || a.name.toLowerCase().startsWith(q) || a.label.toLowerCase().startsWith(q));
  return pageOf(apps, base, operationPath('listApplications'), query, (a) =>
    toWireApp(base, a, store.accessPolicyIdOfApp(a.id)),
  );
};

export const getApplication: Handler = ({ store, base, params }) => {
  const app = store.app(params.appId);
  if (!app) throw notFound(`${params.appId} (App)`);
  return ok(toWireApp(base, app, store.accessPolicyIdOfApp(app.id)));
};

/** The handler of each operation on applications (the router is built from them). */
export const HANDLERS = { listApplications, getApplication } satisfies Partial<
  Record<import('../../rest/contract/operations.ts').OperationName, Handler>
>;

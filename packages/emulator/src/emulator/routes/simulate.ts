// POST /api/v1/policies/simulate: validates the context, then runs the evaluation engine over
// the org as it is now.
import { simulate } from '../simulation/engine.ts';
import { notFound } from '../common/errors.ts';
import { ok, type Handler } from './handler.ts';
import { parseSimulationRequest } from '../simulation/request.ts';

export const simulateAccess: Handler = ({ store, query, body }) => {
  // The operation exists only on identity-engine orgs.
  if (store.engine !== 'IE')
    throw notFound('/api/v1/policies/simulate (access simulation needs an identity engine org)');
  const { request, expand } = parseSimulationRequest(body, query.getAll('expand'), store);
  return ok(simulate(store, request, expand));
};

/** The handler of each operation of the REST contract on the simulation (the router is built from them). */
export const HANDLERS = {
  simulate: simulateAccess,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;

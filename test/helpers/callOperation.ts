// One caller's operation as the upstream call steps see it (src/upstream/call/request.ts), for the
// tests of a step alone: the caller is 'caller', its guard a fake with only what the step reads.
import type { CallOperation } from '../../src/upstream/call/request.ts';
import type { OperationGuard } from '../../src/upstream/operationGuard.ts';

export function operationOf(guard: object, parts: Partial<Omit<CallOperation, 'guard'>> = {}): CallOperation {
  return {
    authorization: 'SSWS t',
    requestId: undefined,
    observer: undefined,
    tracer: undefined,
    clientAddress: undefined,
    arrivedAt: undefined,
    fresh: undefined,
    onRead: undefined,
    guard: () => guard as OperationGuard,
    budgetCaller: () => 'caller',
    proofKey: () => 'caller',
    ...parts,
  };
}

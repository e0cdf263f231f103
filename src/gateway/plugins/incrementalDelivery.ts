// `@defer` and `@stream` (incremental delivery), on for every operation: yoga's defer-stream plugin
// adds the two directives to the schema and their validation rules; the execution plugin
// (orderedExecution.ts) runs a document that uses them in parts, and yoga writes each part as it is
// ready, over multipart/mixed, or text/event-stream when the client asks for it. Every run-time
// bound covers the whole stream: see docs/limits.md.
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { Plugin } from 'graphql-yoga';

export function useIncrementalDelivery(): Plugin {
  return useDeferStream();
}

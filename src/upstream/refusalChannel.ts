// A credential the service refused (401, or 403 to a read for anything but a missing scope), told to
// every replica: each stops treating it as proven at once, so it shares no answer and is served
// nothing from its read cache until the service answers it again (tokenTrust.ts). Only the
// credential's SHA-256 digest travels, never the token. In one process there is nothing to tell.
export interface RefusalChannel {
  /** The service refused the credential of `digest` here. */
  announce(digest: string): void;
  /** `onRefused` is told of every credential refused on any replica (this one included). */
  listen(onRefused: (digest: string) => void): void;
  close(): Promise<void>;
}

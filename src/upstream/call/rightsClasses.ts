// Who may be handed another caller's answer: the one rule every shared answer follows (a flight in
// progress or landed, sharedReads.ts; a read cache entry, cache/readCache.ts). The service names in
// `_links` only what *this* caller may do, so one URL answers differently per caller; an answer is
// shared only between callers of one rights class for its kind of resource, and the share key is the
// class and the URL.
//
// What the answer depends on: the service's hints name an operation when the token holds its scope
// (`manage` includes `read`) and the person's admin role allows its access (read or manage); every
// operation of a family needs that family's scope, at read access for a GET and at manage access for
// every write. So a policy's or a rule's hints depend on one thing, whether the caller may manage
// policies; a user type's links name no methods of the caller and are one answer for every reader.
// The classes are then `policies:manage`, `policies:read` and `userTypes:read`: few and fixed.
// A users read (the platform's Users API, asked only whether a user type has users) has no class: a
// user's hints depend on whether the caller may manage users, which an answer of one user or none
// cannot show, and a plan wants the service's own answer. So no users answer is ever shared.
//
// A caller's class is learned only from what the service answered that caller (its own 2xx read of
// the family, never an answer shared from another, never the claims of a token): the hints of the
// first policy or rule in the answer that shows them. A caller whose class is not known (never
// answered, an answer that showed nothing, a window since its last own answer, a credential the
// service refused) shares nothing: it makes its own call, which teaches its class. At most
// MAX_CALLERS callers are remembered, the least recently answered forgotten first.
import { UNPROVEN_CALLER } from '../budget/window.ts';
import { WINDOW_MS } from '../rateLimitPolicy.ts';
// The kind of resource a route is about (policies, with their rules, user types, or users): a
// credential proven for one is not for another.
import type { ReadFamily } from '../routes.ts';

/** Callers remembered with a class (one per family each) at most, the least recently answered forgotten first. */
export const MAX_CALLERS = 10_000;

/** What the service's answers show of a caller, by family. */
export type RightsClass = 'policies:manage' | 'policies:read' | 'userTypes:read';

/** Every class of a family: what a shared answer of the family may be keyed under. */
export const CLASSES_OF: Record<ReadFamily, readonly RightsClass[]> = {
  policies: ['policies:manage', 'policies:read'],
  userTypes: ['userTypes:read'],
  users: [],
};

interface HintedLink {
  hints?: { allow?: unknown };
}

function writeAllowed(link: unknown): boolean {
  const allow = (link as HintedLink | null)?.hints?.allow;
  return Array.isArray(allow) && allow.some((method) => method !== 'GET');
}

/**
 * What one policy or rule shows: `manage` when any of its links allows a write; `read` when a link
 * that names a write for a caller who may manage does not (a policy's `rules` link names POST, a
 * custom rule's `self` names DELETE); undefined when it shows neither.
 */
function shownBy(item: unknown): RightsClass | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { _links: links, system } = item as { _links?: unknown; system?: unknown };
  if (typeof links !== 'object' || links === null) return undefined;
  const named = links as Record<string, unknown>;
  for (const link of Object.values(named)) if (writeAllowed(link)) return 'policies:manage';
  if (named.rules !== undefined) return 'policies:read';
  if (system === false && named.self !== undefined) return 'policies:read';
  return undefined;
}

/**
 * The class a 2xx answer of `family` shows its caller in; undefined when it shows none. The first
 * item that shows one decides (the service's hints are the same for one caller throughout), so this
 * reads a few objects, not the whole list.
 */
export function rightsShownIn(family: ReadFamily, body: unknown): RightsClass | undefined {
  if (family === 'userTypes') return 'userTypes:read';
  if (family === 'users') return undefined;
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    const shown = shownBy(item) ?? shownInEmbedded(item);
    if (shown) return shown;
  }
  return undefined;
}

function shownInEmbedded(item: unknown): RightsClass | undefined {
  const rules = (item as { _embedded?: { rules?: unknown } } | null)?._embedded?.rules;
  return Array.isArray(rules) ? rightsShownIn('policies', rules) : undefined;
}

export class RightsClasses {
  /** `${family} ${caller}` -> its class and when the service last showed it, least recently answered first. */
  private readonly known = new Map<string, { rights: RightsClass; at: number }>();
  /** Shared answers (in flight, landed, cached) not handed to a caller because its class differed or was not known. */
  refusedForRights = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxCallers: number = MAX_CALLERS,
  ) {}

  /** Callers whose class is remembered now (at most MAX_CALLERS), for /metrics. */
  get size(): number {
    return this.known.size;
  }

  /** The service answered `caller`'s own read of `family` 2xx with `body`: what it shows is its class for a window. */
  answered(caller: string, family: ReadFamily, body: unknown): void {
    if (caller === UNPROVEN_CALLER) return;
    const rights = rightsShownIn(family, body);
    if (!rights) return;
    const key = `${family} ${caller}`;
    this.known.delete(key);
    this.known.set(key, { rights, at: this.now() });
    if (this.known.size > this.maxCallers) this.known.delete(this.known.keys().next().value as string);
  }

  /** `caller`'s class for `family`, shown by the service's own answer to it in the last window; undefined: not known. */
  classOf(caller: string, family: ReadFamily): RightsClass | undefined {
    if (caller === UNPROVEN_CALLER) return undefined;
    const key = `${family} ${caller}`;
    const entry = this.known.get(key);
    if (!entry) return undefined;
    if (entry.at > this.now() - WINDOW_MS) return entry.rights;
    this.known.delete(key);
    return undefined;
  }

  /**
   * A shared answer of `family` for `url` would have been found under another class than `rights`
   * (`has` tells whether one is kept under a class): counted as refused because the rights differed.
   */
  countIfRefused(family: ReadFamily, rights: RightsClass | undefined, has: (rights: RightsClass) => boolean): void {
    for (const other of CLASSES_OF[family]) {
      if (other !== rights && has(other)) {
        this.refusedForRights++;
        return;
      }
    }
  }
}

/** The key a shared answer is kept under: its caller's class and its URL. */
export function shareKey(rights: RightsClass, url: string): string {
  return `${rights} ${url}`;
}

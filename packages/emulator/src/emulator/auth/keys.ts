// The authorization server's signing key (RS256). A configured key (config/signingKey.ts) makes every process
// that shares it sign alike; without one, a key is made the first time one is needed, so an
// emulator that never issues a token never pays for making it. The `kid` is the key's RFC 7638
// thumbprint: the same key always has the same `kid`.
import { createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { MIN_SIGNING_KEY_BITS } from '../../config/signingKey.ts';

export const SIGNING_ALGORITHM = 'RS256';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  /** The public key as served in the JWKS. */
  jwk: JWK;
}

export class SigningKeys {
  private made?: Promise<SigningKey>;

  constructor(private readonly configured?: KeyObject) {}

  /** Whether a key exists yet: without one, no token of this process can be valid. */
  exists(): boolean {
    return this.configured !== undefined || this.made !== undefined;
  }

  current(): Promise<SigningKey> {
    this.made ??= (this.configured ? Promise.resolve(this.configured) : newKey()).then(describe);
    return this.made;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.current()).jwk] };
  }
}

function newKey(): Promise<KeyObject> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: MIN_SIGNING_KEY_BITS }, (e, _publicKey, privateKey) =>
      e ? reject(e) : resolve(privateKey),
    ),
  );
}

async function describe(privateKey: KeyObject): Promise<SigningKey> {
  const publicKey = createPublicKey(privateKey);
  const { n, e } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n, e });
  return { privateKey, publicKey, kid, jwk: { kty: 'RSA', n, e, kid, alg: SIGNING_ALGORITHM, use: 'sig' } };
}

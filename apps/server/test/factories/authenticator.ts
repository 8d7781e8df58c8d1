import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A small software authenticator for the API tests: an EC P-256 key made
 * with node:crypto that answers WebAuthn options as a browser would hand its
 * answers to the portal (the JSON of @simplewebauthn/browser), with "none"
 * attestation. Each credential keeps its own signature counter, which a test
 * may set (a cloned authenticator's counter going back).
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** The options of a registration, as far as the authenticator reads them. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}

/** The options of a sign-in, as far as the authenticator reads them. */
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
  userVerification?: string;
}

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  cose: Uint8Array;
  counter: number;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

export interface AnswerTweaks {
  /** The origin the "browser" says it is on (default: the authenticator's). */
  origin?: string;
  /** A challenge other than the options' (an answer to other options). */
  challenge?: string;
  /** Leave out user verification. */
  noUserVerification?: boolean;
}

export interface RegisterTweaks extends AnswerTweaks {
  /** Answer with a credential made before (its id and key), as a cloned authenticator would. */
  reuse?: SoftCredential;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Makes a credential for registration options; answers as startRegistration() does. */
  register(options: CreationOptions, tweaks: RegisterTweaks = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id)))
      throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = tweaks.reuse ? Buffer.from(tweaks.reuse.id, 'base64url') : randomBytes(32);
    const credential: SoftCredential = tweaks.reuse
      ? { ...tweaks.reuse, userHandle: options.user.id }
      : {
          id: b64url(rawId),
          rpId,
          userHandle: options.user.id,
          privateKey: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })),
          cose: coseKey(publicKey),
          counter: 0,
        };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const flags = FLAG.up | FLAG.at | (tweaks.noUserVerification ? 0 : FLAG.uv);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      rawId,
      Buffer.from(credential.cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, number>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    const clientDataJSON = this.clientData(
      'webauthn.create',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? this.origin,
    );
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      },
    };
  }

  /**
   * Signs sign-in options with a credential (the first for the options'
   * relying party unless one is named); answers as startAuthentication() does.
   * The counter moves one up first, unless `counter` sets it.
   */
  assert(
    options: RequestOptions,
    tweaks: AnswerTweaks & { credential?: SoftCredential; counter?: number } = {},
  ) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const credential = tweaks.credential ?? this.credentials.find((c) => c.rpId === rpId);
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');
    credential.counter = tweaks.counter ?? credential.counter + 1;
    const flags = FLAG.up | (tweaks.noUserVerification ? 0 : FLAG.uv);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      tweaks.challenge ?? options.challenge,
      tweaks.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { jsonb, type Sql } from "../db/client.ts";

export interface SigningKey {
  kid: string;
  alg: "ES256";
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const cache = new WeakMap<Sql, Promise<SigningKey>>();

/** The active ES256 signing key of the embedded identity, created on first use and kept in the database. */
export function signingKey(sql: Sql): Promise<SigningKey> {
  let k = cache.get(sql);
  if (!k) {
    k = loadOrCreate(sql);
    k.catch(() => cache.delete(sql));
    cache.set(sql, k);
  }
  return k;
}

async function loadOrCreate(sql: Sql): Promise<SigningKey> {
  const rows =
    await sql`select kid, private_jwk from identity.signing_keys where active order by created_at desc limit 1`;
  if (rows.length) return fromJwk(rows[0].kid as string, rows[0].private_jwk as JWK);
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const priv = await exportJWK(privateKey);
  const kid = crypto.randomUUID();
  const pub = publicPart(priv, kid);
  // Two processes may race on first start: the insert is conditional and the winner's key is used.
  await sql`insert into identity.signing_keys (kid, alg, private_jwk, public_jwk)
    select ${kid}, 'ES256', ${jsonb(sql, priv)}, ${jsonb(sql, pub)}
    where not exists (select 1 from identity.signing_keys where active)`;
  const again =
    await sql`select kid, private_jwk from identity.signing_keys where active order by created_at desc limit 1`;
  return fromJwk(again[0].kid as string, again[0].private_jwk as JWK);
}

function publicPart(jwk: JWK, kid: string): JWK {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: "ES256", use: "sig" };
}

async function fromJwk(kid: string, jwk: JWK): Promise<SigningKey> {
  const privateKey = await importJWK({ ...jwk, alg: "ES256" }, "ES256") as unknown as CryptoKey;
  return { kid, alg: "ES256", privateKey, publicJwk: publicPart(jwk, kid) };
}

/** The JSON Web Key Set of every active key (served at /auth/v1/.well-known/jwks.json). */
export async function jwks(sql: Sql): Promise<{ keys: JWK[] }> {
  const rows = await sql`select public_jwk from identity.signing_keys where active order by created_at desc`;
  return { keys: rows.map((r) => r.public_jwk as JWK) };
}

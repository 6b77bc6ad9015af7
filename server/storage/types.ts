import type { OutboundPolicy } from '../outbound';

/**
 * Object storage as the server sees it: the embedded local store (files under the data dir, SigV4-presigned URLs it
 * verifies itself) or an S3-compatible service (OBS, MinIO, S3). Keys are relative (`script/a_fb_12_b_1700000000000.py`).
 */
export interface ObjectStore {
  /**
   * A URL the browser may PUT the object to, valid `expiresInSeconds`. The upload must carry this Content-Type, and
   * with `contentLength` exactly that many bytes (both are signed).
   */
  presignPut(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string>;
  /** A URL anyone holding it may GET the object from, valid `expiresInSeconds`. */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  getObject(key: string): Promise<Uint8Array | undefined>;
  deleteObject(key: string): Promise<void>;
  /** Bucket and public endpoint, as `obsDetails` answers them. */
  describe(): { bucket: string; endpoint: string; region: string };
}

/** A setting as stored in `blade_oss`. */
export interface OssSetting {
  id: string;
  category: number;
  endpoint: string | null;
  bucket_name: string | null;
  region: string | null;
  access_key: string | null;
  secret_key: string | null;
  path_style: number | null;
  update_time: string | null;
}

/**
 * Object storage per tenant: new objects go to the tenant's enabled setting (else the installation's default), and
 * each object's setting is recorded (`blade_oss_object`) when it is written or signed for, so switching the enabled
 * setting leaves every old object where it is, reachable.
 */
export interface TenantStores {
  /** The installation's default store (env variables): objects without a record live there. */
  readonly installation: ObjectStore;
  /** The tenant's enabled setting and its store: where a new object goes. */
  forWrite(tenantId: string): Promise<{ ossId: string; store: ObjectStore }>;
  /** Records that `objectKey` lives in setting `ossId` (before the bytes arrive: a presigned upload). */
  place(objectKey: string, ossId: string): Promise<void>;
  /** Writes an object to the tenant's enabled setting and records where. */
  put(tenantId: string, objectKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The store an existing object lives in. */
  locate(objectKey: string): Promise<ObjectStore>;
  /** A store for a setting's values (the connection test), under the outbound allow-list. */
  storeOf(setting: OssSetting): Promise<ObjectStore>;
  readonly policy: OutboundPolicy;
}


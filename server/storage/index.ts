import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import { DEFAULT_MAX_OBJECT_BYTES, LocalObjectStore, type ObjectInfo } from './local';
import type { ObjectStore } from './types';

export type { ObjectStore } from './types';
export type { ObjectInfo } from './local';

/** A store that can also tell whether an object exists (both implementations can). */
export type ManagedObjectStore = ObjectStore & { stat(key: string): Promise<ObjectInfo | undefined> };

export const DEFAULT_BUCKET = 'blade';
export const DEFAULT_REGION = 'us-east-1';

const LOCAL_SECRET_SETTING = 'oss_local_secret';

/**
 * The local store's key pair: the configured one, else a secret generated once per installation and kept in the
 * database (first writer wins, so instances sharing a database share it), with an access key id derived from it.
 */
async function localKeyPair(db: Db, config: ServerConfig) {
  if (config.ossAccessKey && config.ossSecretKey) return { accessKeyId: config.ossAccessKey, secretAccessKey: config.ossSecretKey };
  await db.query(
    'INSERT INTO blade_setting (setting_key, setting_value) VALUES ($1, $2) ON CONFLICT (setting_key) DO NOTHING',
    [LOCAL_SECRET_SETTING, randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ setting_value: string }>('SELECT setting_value FROM blade_setting WHERE setting_key = $1', [
    LOCAL_SECRET_SETTING,
  ]);
  const secretAccessKey = row.setting_value;
  const accessKeyId = `BLADE${createHash('sha256').update(secretAccessKey).digest('hex').slice(0, 15).toUpperCase()}`;
  return { accessKeyId, secretAccessKey };
}

/** The S3-compatible service when `BLADE_OSS_ENDPOINT` is set, else the local store under the data dir. */
export async function openObjectStore(config: ServerConfig, db: Db): Promise<ManagedObjectStore> {
  const region = config.ossRegion ?? DEFAULT_REGION;
  if (config.ossEndpoint) {
    // The AWS SDK takes ~0.7 s to load: only installations that use it pay for it.
    const { S3ObjectStore } = await import('./s3');
    return new S3ObjectStore({
      endpoint: config.ossEndpoint,
      bucket: config.ossBucket ?? DEFAULT_BUCKET,
      accessKeyId: config.ossAccessKey ?? '',
      secretAccessKey: config.ossSecretKey ?? '',
      region,
    });
  }
  return openEmbeddedStore(config, db);
}

/** The embedded store: files under the data dir, served by this server at `/oss/<bucket>/<key>`. */
export async function openEmbeddedStore(config: ServerConfig, db: Db): Promise<LocalObjectStore> {
  const region = config.ossRegion ?? DEFAULT_REGION;
  const store = new LocalObjectStore({
    root: join(config.dataDir, 'objects'),
    bucket: config.ossBucket ?? DEFAULT_BUCKET,
    keys: { ...(await localKeyPair(db, config)), region },
    maxBytes: config.ossMaxBytes ?? DEFAULT_MAX_OBJECT_BYTES,
  });
  await store.removeStaleUploads();
  return store;
}

/** The largest upload `oss-credential` signs for. */
export const maxObjectBytes = (config: ServerConfig) => config.ossMaxBytes ?? DEFAULT_MAX_OBJECT_BYTES;

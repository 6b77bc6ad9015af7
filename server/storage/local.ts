import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context, Hono } from 'hono';
import { isBucketName, isSafeKey } from './keys';
import { presign, verify, type SigningKeyPair } from './sigv4';
import type { ObjectStore } from './types';

/** Where the local store answers, as `/oss/<bucket>/<key>`. */
export const LOCAL_ROUTE = '/oss';
/**
 * The host relative presigned URLs are signed for: the browser reaches this server under whatever name the
 * deployment gives it (proxies, Vite in dev), so the local store cannot know it when signing.
 */
export const LOCAL_SIGNING_HOST = 'blade-local-oss';
export const DEFAULT_MAX_OBJECT_BYTES = 50 * 1024 * 1024;

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface PendingObject {
  md5: string;
  sha256: string;
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

interface StoredMeta {
  contentType: string;
}

/** Raster images and plain text are shown in the browser; everything else downloads, so nothing runs in this origin. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|text\/plain)(;|$)/i;

export interface LocalStoreOptions {
  /** `<BLADE_DATA_DIR>/objects` */
  root: string;
  bucket: string;
  keys: SigningKeyPair;
  maxBytes?: number;
}

/** Objects as files under `root/<bucket>/<key>`, their content types under `root/.meta/<bucket>/<key>.json`. */
export class LocalObjectStore implements ObjectStore {
  readonly bucket: string;
  readonly keys: SigningKeyPair;
  readonly maxBytes: number;
  private readonly root: string;

  constructor(options: LocalStoreOptions) {
    if (!isBucketName(options.bucket)) throw new Error(`not a bucket name: ${options.bucket}`);
    this.root = resolve(options.root);
    this.bucket = options.bucket;
    this.keys = options.keys;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_OBJECT_BYTES;
  }

  /** The file of a key; throws on a key that could leave the bucket's folder. */
  private pathOf(key: string, tree: 'data' | 'meta' = 'data'): string {
    if (!isSafeKey(key)) throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
    const base = tree === 'data' ? join(this.root, this.bucket) : join(this.root, '.meta', this.bucket);
    const path = resolve(base, key + (tree === 'meta' ? '.json' : ''));
    if (!path.startsWith(base + sep)) throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
    return path;
  }

  private urlPath(key: string) {
    return `${LOCAL_ROUTE}/${this.bucket}/${key}`;
  }

  async presignPut(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string> {
    this.pathOf(key);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (contentLength !== undefined) headers['content-length'] = String(contentLength);
    return presign(this.keys, { method: 'PUT', host: LOCAL_SIGNING_HOST, path: this.urlPath(key), headers, expiresInSeconds });
  }

  async presignGet(key: string, expiresInSeconds: number): Promise<string> {
    this.pathOf(key);
    return presign(this.keys, { method: 'GET', host: LOCAL_SIGNING_HOST, path: this.urlPath(key), expiresInSeconds });
  }

  async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const temp = await this.tempFile();
    await writeFile(temp, bytes);
    await this.commit(temp, key, contentType);
  }

  /**
   * Streams a body to a temporary file; undefined when it grew past `maxBytes` (nothing is kept then). The caller
   * commits it once it has checked the digests.
   */
  async receive(key: string, body: ReadableStream<Uint8Array> | null, contentType: string): Promise<PendingObject | undefined> {
    const temp = await this.tempFile();
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    let size = 0;
    const limit = this.maxBytes;
    try {
      await pipeline(
        body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > limit) throw new TooLarge();
            md5.update(chunk);
            sha256.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(temp),
      );
    } catch (error) {
      await rm(temp, { force: true });
      if (error instanceof TooLarge) return undefined;
      throw error;
    }
    return {
      md5: md5.digest('hex'),
      sha256: sha256.digest('hex'),
      size,
      commit: () => this.commit(temp, key, contentType),
      discard: () => rm(temp, { force: true }),
    };
  }

  async getObject(key: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const [info, meta] = await Promise.all([stat(this.pathOf(key)), this.metaOf(key)]);
      return info.isFile() ? { size: info.size, contentType: meta.contentType } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.pathOf(key, 'meta'), { force: true });
  }

  describe() {
    return { bucket: this.bucket, endpoint: LOCAL_ROUTE, region: this.keys.region };
  }

  /**
   * Removes what uploads cut off by a crash left in `.tmp`. Only old files: another instance sharing the folder may be
   * receiving one right now.
   */
  async removeStaleUploads(olderThanMs = 60 * 60 * 1000): Promise<void> {
    const folder = join(this.root, '.tmp');
    const names = await readdir(folder).catch(() => [] as string[]);
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
      const path = join(folder, name);
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(path, { force: true });
    }
  }

  /** A readable stream of the object (for serving without loading it whole). */
  openRead(key: string) {
    return createReadStream(this.pathOf(key));
  }

  private async metaOf(key: string): Promise<StoredMeta> {
    try {
      return JSON.parse(await readFile(this.pathOf(key, 'meta'), 'utf8')) as StoredMeta;
    } catch {
      return { contentType: 'application/octet-stream' };
    }
  }

  private async tempFile(): Promise<string> {
    const folder = join(this.root, '.tmp');
    await mkdir(folder, { recursive: true });
    return join(folder, randomUUID());
  }

  /** Meta first, then the atomic rename: a reader never sees the bytes without their content type. */
  private async commit(temp: string, key: string, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    const metaPath = this.pathOf(key, 'meta');
    try {
      await mkdir(dirname(path), { recursive: true });
      await mkdir(dirname(metaPath), { recursive: true });
      await writeFile(metaPath, JSON.stringify({ contentType } satisfies StoredMeta));
      await rename(temp, path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}

class TooLarge extends Error {}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes(String((error as { code?: unknown }).code));

function s3Error(c: Context, status: 400 | 403 | 404 | 409 | 413 | 501, code: string, message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
  return c.body(xml, status, { 'Content-Type': 'application/xml', 'X-Content-Type-Options': 'nosniff' });
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The bucket and key of `/oss/<bucket>/<key>`, decoded; undefined when the path is malformed. */
function parsePath(rawPath: string): { bucket: string; key: string } | undefined {
  const rest = rawPath.slice(LOCAL_ROUTE.length + 1);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  try {
    const bucket = decodeURIComponent(rest.slice(0, slash));
    const key = rest.slice(slash + 1).split('/').map(decodeURIComponent).join('/');
    return { bucket, key };
  } catch {
    return undefined;
  }
}

/**
 * `PUT/GET/HEAD/DELETE /oss/<bucket>/<key>`: the local store's S3 subset. Every request must carry a valid SigV4
 * signature (presigned query or Authorization header) made with the installation's key pair.
 */
export function mountLocalStore(app: Hono<any>, store: LocalObjectStore): void {
  app.on(['GET', 'HEAD', 'PUT', 'DELETE'], `${LOCAL_ROUTE}/*`, async (c) => {
    const url = new URL(c.req.url);
    const target = parsePath(url.pathname);
    if (!target) return s3Error(c, 400, 'InvalidURI', 'Expected /oss/<bucket>/<key>');
    if (target.bucket !== store.bucket) return s3Error(c, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!isSafeKey(target.key)) return s3Error(c, 400, 'InvalidArgument', 'Invalid object key');

    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const verdict = verify(
      store.keys,
      { method: c.req.method, path: `${LOCAL_ROUTE}/${target.bucket}/${target.key}`, query: [...url.searchParams], headers },
      [headers.host ?? '', LOCAL_SIGNING_HOST],
    );
    if (!verdict.ok) return s3Error(c, 403, verdict.code, verdict.message);

    const { key } = target;
    if (c.req.method === 'PUT') {
      if (headers['x-amz-copy-source']) return s3Error(c, 501, 'NotImplemented', 'Copy is not supported');
      const declared = Number(headers['content-length'] ?? 0);
      if (declared > store.maxBytes) return s3Error(c, 413, 'EntityTooLarge', `Objects may have at most ${store.maxBytes} bytes`);
      const contentType = headers['content-type'] || 'application/octet-stream';
      const written = await store.receive(key, c.req.raw.body, contentType);
      if (!written) return s3Error(c, 413, 'EntityTooLarge', `Objects may have at most ${store.maxBytes} bytes`);
      if (verdict.payloadHash && verdict.payloadHash !== written.sha256) {
        await written.discard();
        return s3Error(c, 400, 'XAmzContentSHA256Mismatch', 'The body does not have the declared SHA-256');
      }
      try {
        await written.commit();
      } catch (error) {
        // A key that is a folder of other keys (or below a file) cannot be a file on disk.
        if (['EISDIR', 'ENOTDIR', 'EEXIST'].includes(String((error as { code?: unknown }).code))) {
          return s3Error(c, 409, 'OperationAborted', 'The key collides with another object');
        }
        throw error;
      }
      return c.body(null, 200, { ETag: `"${written.md5}"` });
    }
    if (c.req.method === 'DELETE') {
      await store.deleteObject(key);
      return c.body(null, 204);
    }
    const info = await store.stat(key);
    if (!info) return s3Error(c, 404, 'NoSuchKey', 'The specified key does not exist');
    const fileName = encodeURIComponent(key.slice(key.lastIndexOf('/') + 1));
    const disposition = INLINE_TYPES.test(info.contentType) ? 'inline' : 'attachment';
    const responseHeaders = {
      'Content-Type': info.contentType,
      'Content-Length': String(info.size),
      'Content-Disposition': `${disposition}; filename*=UTF-8''${fileName}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, responseHeaders);
    const body = Readable.toWeb(store.openRead(key)) as unknown as ReadableStream<Uint8Array>;
    return c.body(body, 200, responseHeaders);
  });
}

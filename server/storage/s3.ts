import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { ObjectInfo } from './local';
import type { ObjectStore } from './types';

// The SDK is pinned to a release that runs on Node 20 (later ones need 22); its yearly reminder of that adds nothing.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3StoreOptions {
  /** `https://obs.cn-north-4.myhuaweicloud.com`, `http://minio:9000`, ... */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`, default); false for virtual-hosted ones (`bucket.endpoint/key`). */
  pathStyle?: boolean;
  /** Connections go through these agents (a lookup under the outbound allow-list); the SDK's own otherwise. */
  agents?: { http: HttpAgent; https: HttpsAgent };
  /** Gives up on a request after this long (the connection test must answer while a person waits). */
  requestTimeoutMs?: number;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An S3-compatible service (OBS, MinIO, S3, OSS, COS) through the AWS SDK, path-style unless told otherwise. */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.pathStyle ?? true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Newer SDKs add CRC32 checksums by default, which OBS and older MinIO refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.agents || options.requestTimeoutMs
        ? {
            requestHandler: {
              ...(options.agents ? { httpAgent: options.agents.http, httpsAgent: options.agents.https } : {}),
              ...(options.requestTimeoutMs ? { requestTimeout: options.requestTimeoutMs, connectionTimeout: options.requestTimeoutMs } : {}),
            },
          }
        : {}),
      maxAttempts: options.requestTimeoutMs ? 1 : undefined,
    });
  }

  presignPut(key: string, contentType: string, expiresInSeconds: number, contentLength?: number): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.options.bucket, Key: key, ContentType: contentType, ContentLength: contentLength });
    // Signed like the local store's URLs: the uploader must send exactly this Content-Type (and length, when given),
    // so the size `oss-credential` checked is the size stored.
    const signableHeaders = new Set(contentLength === undefined ? ['content-type'] : ['content-type', 'content-length']);
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, signableHeaders });
  }

  presignGet(key: string, expiresInSeconds: number): Promise<string> {
    // A download, whatever type the object has (the service serves from its own origin, but a page there is no better).
    const fileName = encodeURIComponent(key.slice(key.lastIndexOf('/') + 1));
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: key, ResponseContentDisposition: `attachment; filename*=UTF-8''${fileName}` });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async getObject(key: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  describe() {
    return { bucket: this.options.bucket, endpoint: this.options.endpoint, region: this.options.region };
  }

  /** Ends the SDK's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

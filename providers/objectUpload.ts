import { http, notifyError } from './http';

/** Spec §8: an object-storage answer other than 200. */
export const OBS_UPLOAD_FAILED = 'OBS上传失败';
export const OSS_CREDENTIAL_URL = '/api/blade-resource/oss/oss-credential';
export const OBS_DETAILS_URL = '/gateway/blade-oss/oss/huawei/obsDetails';
export const PUT_FILE_URL = '/api/blade-resource/oss/endpoint/put-file';

/** `put-file`: a file stored as an attachment (附件管理), served back at `link`. */
export interface StoredFile {
  link: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** Stores a file through the server (avatars, attachments); resolves with where it is served. */
export async function storeFile(file: Blob & { name?: string }): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  const response = await http.post<{ data: StoredFile }>(PUT_FILE_URL, form);
  return response.data.data;
}

/** `oss-credential`: where and how to PUT one file (a presigned URL; no key pair reaches the browser). */
export interface UploadCredential {
  /** The key the app keeps (`script/{name}_fb_{size}_b_{timestamp}.{ext}`), relative to the tenant. */
  key: string;
  /** The object's full key in the bucket. */
  objectKey: string;
  bucketName: string;
  endpoint: string;
  region: string;
  /** Absolute (S3-compatible service) or relative to this origin (the embedded store). */
  uploadUrl: string;
  method: 'PUT';
  /** Headers the PUT must carry unchanged (they are signed). */
  headers: Record<string, string>;
  expiresIn: number;
  expiration: string;
}

export interface ObsDetails {
  bucketName: string;
  endpoint: string;
  region: string;
  key?: string;
  downloadUrl?: string;
  expiresIn?: number;
}

export interface UploadedObject {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

export interface UploadOptions {
  /** 0–100 as the bytes leave the browser. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/** An upload the object storage did not accept; `status` is 0 when the request never got an answer. */
export class ObjectUploadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(OBS_UPLOAD_FAILED);
    this.name = 'ObjectUploadError';
    this.status = status;
  }
}

interface Envelope<T> {
  data: T;
}

export async function requestUploadCredential(file: { name: string; size: number; type?: string }): Promise<UploadCredential> {
  const params: Record<string, string | number> = { fileName: file.name, size: file.size };
  if (file.type) params.contentType = file.type;
  const response = await http.get<Envelope<UploadCredential>>(OSS_CREDENTIAL_URL, { params });
  return response.data.data;
}

/** PUT with XMLHttpRequest, which (unlike fetch) reports upload progress. Resolves with the HTTP status. */
function putPresigned(credential: UploadCredential, file: Blob, options: UploadOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(credential.method, credential.uploadUrl);
    for (const [name, value] of Object.entries(credential.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(request.status);
    request.onerror = () => resolve(0);
    request.ontimeout = () => resolve(0);
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    if (options.signal?.aborted) request.abort();
    else request.send(file);
  });
}

/**
 * Uploads a file straight to object storage: a credential from the server, then a PUT to its presigned URL. Any
 * answer but 200 (or none) shows `OBS上传失败` and rejects with ObjectUploadError; a failed credential call shows the
 * server's message (http.ts) and rejects with its BladeError.
 */
export async function uploadObject(file: File, options: UploadOptions = {}): Promise<UploadedObject> {
  const credential = await requestUploadCredential(file);
  const status = await putPresigned(credential, file, options);
  if (status !== 200) {
    notifyError(OBS_UPLOAD_FAILED);
    throw new ObjectUploadError(status);
  }
  options.onProgress?.(100);
  return { key: credential.key, name: file.name, size: file.size, contentType: credential.headers['Content-Type'] ?? file.type };
}

/** What an upload widget hands its custom request (antd `Upload` `customRequest` has this shape). */
export interface UploadWidgetRequest {
  file: Blob | string;
  onProgress?(event: { percent: number }): void;
  onSuccess?(body: UploadedObject): void;
  onError?(error: Error): void;
}

/**
 * `uploadObject` for an upload widget: `<Upload customRequest={objectUploadRequest} />`. The uploaded object (its
 * `key` is what the form keeps) arrives as the file's `response`; failures were already shown.
 */
export function objectUploadRequest(request: UploadWidgetRequest): { abort(): void } {
  const controller = new AbortController();
  if (typeof request.file === 'string' || !('name' in request.file)) {
    request.onError?.(new Error('not a file'));
    return controller;
  }
  uploadObject(request.file as File, { signal: controller.signal, onProgress: (percent) => request.onProgress?.({ percent }) }).then(
    (uploaded) => request.onSuccess?.(uploaded),
    (error: unknown) => request.onError?.(error instanceof Error ? error : new Error(String(error))),
  );
  return controller;
}

/** `obsDetails` for a key of the caller's tenant: a presigned GET URL, valid for a few minutes. */
export async function objectDownloadUrl(key: string): Promise<string> {
  const response = await http.get<Envelope<ObsDetails>>(OBS_DETAILS_URL, { params: { key } });
  const url = response.data.data.downloadUrl;
  if (!url) throw new Error(`no download URL for ${key}`);
  return url;
}

/** Starts the browser's download of an object (the store answers it as an attachment). Resolves with the URL used. */
export async function downloadObject(key: string): Promise<string> {
  const url = await objectDownloadUrl(key);
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = key.slice(key.lastIndexOf('/') + 1);
  document.body.appendChild(link);
  link.click();
  link.remove();
  return url;
}

import { File as NodeFile } from 'node:buffer';
import { http as route, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BladeError, configureHttp } from '../../providers/http';
import {
  downloadObject,
  OBS_UPLOAD_FAILED,
  ObjectUploadError,
  objectDownloadUrl,
  objectUploadRequest,
  uploadObject,
} from '../../providers/objectUpload';
import { setToken } from '../../providers/storage';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from './support';

useMockServer();

const notifyError = vi.fn<(msg: string) => void>();
const UPLOAD_URL = 'https://obs.example.test/blade/000000/script/run_fb_12_b_1700000000000.py?X-Amz-Signature=abc';

function credentialHandler(seen?: SeenRequest[]) {
  return route.get('/api/blade-resource/oss/oss-credential', async ({ request }) => {
    seen?.push(await describeRequest(request));
    return envelope({
      key: 'script/run_fb_12_b_1700000000000.py',
      objectKey: '000000/script/run_fb_12_b_1700000000000.py',
      bucketName: 'blade',
      endpoint: 'https://obs.example.test',
      region: 'cn-north-4',
      uploadUrl: UPLOAD_URL,
      method: 'PUT',
      headers: { 'Content-Type': 'text/x-python' },
      expiresIn: 900,
      expiration: '2024-01-02 03:19:05',
    });
  });
}

// Node's File: msw hands the XHR body to Node's Request, which cannot read jsdom's Blob (a browser sends either).
const script = () => new NodeFile(['print("hi")\n'], 'run.py', { type: 'text/x-python' }) as unknown as File;

beforeEach(() => {
  notifyError.mockReset();
  configureHttp({ notifyError, onSessionExpired: () => {}, whitelistCodes: [] });
  setToken('jwt-1');
});

afterEach(() => vi.restoreAllMocks());

describe('uploadObject', () => {
  it('asks for a credential with the file name, size and type, then PUTs the bytes with the signed headers', async () => {
    const seen: SeenRequest[] = [];
    const puts: SeenRequest[] = [];
    server.use(
      credentialHandler(seen),
      route.put('https://obs.example.test/blade/*', async ({ request }) => {
        puts.push(await describeRequest(request));
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const progress: number[] = [];
    const uploaded = await uploadObject(script(), { onProgress: (percent) => progress.push(percent) });
    expect(uploaded).toEqual({ key: 'script/run_fb_12_b_1700000000000.py', name: 'run.py', size: 12, contentType: 'text/x-python' });
    expect(seen[0].query).toEqual({ fileName: 'run.py', size: '12', contentType: 'text/x-python' });
    expect(seen[0].headers['blade-auth']).toBe('bearer jwt-1');
    expect(puts).toHaveLength(1);
    expect(puts[0].query['X-Amz-Signature']).toBe('abc');
    expect(puts[0].headers['content-type']).toBe('text/x-python');
    // The store gets no Blade token or client secret.
    expect(puts[0].headers['blade-auth']).toBeUndefined();
    expect(puts[0].headers.authorization).toBeUndefined();
    expect(puts[0].body).toBe('print("hi")\n');
    expect(progress.at(-1)).toBe(100);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it.each([403, 500, 201])('shows OBS上传失败 and rejects when the store answers %i', async (status) => {
    server.use(
      credentialHandler(),
      route.put('https://obs.example.test/blade/*', () => new HttpResponse('<Error><Code>AccessDenied</Code></Error>', { status })),
    );
    const failure = await uploadObject(script()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ObjectUploadError);
    expect((failure as ObjectUploadError).status).toBe(status);
    expect((failure as Error).message).toBe(OBS_UPLOAD_FAILED);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('OBS上传失败');
  });

  it('shows OBS上传失败 when the store cannot be reached', async () => {
    server.use(credentialHandler(), route.put('https://obs.example.test/blade/*', () => HttpResponse.error()));
    await expect(uploadObject(script())).rejects.toBeInstanceOf(ObjectUploadError);
    expect(notifyError).toHaveBeenCalledWith(OBS_UPLOAD_FAILED);
  });

  it('shows the server message and uploads nothing when the credential is refused', async () => {
    const put = vi.fn(() => new HttpResponse(null, { status: 200 }));
    server.use(
      route.get('/api/blade-resource/oss/oss-credential', () => envelope(null, 400, '参数校验失败: size 上传文件大小不能超过50MB', 400)),
      route.put('https://obs.example.test/blade/*', put),
    );
    await expect(uploadObject(script())).rejects.toBeInstanceOf(BladeError);
    expect(notifyError).toHaveBeenCalledWith('参数校验失败: size 上传文件大小不能超过50MB');
    expect(put).not.toHaveBeenCalled();
  });
});

describe('objectUploadRequest (upload widgets)', () => {
  it('reports progress and the uploaded object, or the failure', async () => {
    server.use(credentialHandler(), route.put('https://obs.example.test/blade/*', () => new HttpResponse(null, { status: 200 })));
    const progress: number[] = [];
    const done = await new Promise<unknown>((resolve, reject) => {
      objectUploadRequest({ file: script(), onProgress: ({ percent }) => progress.push(percent), onSuccess: resolve, onError: reject });
    });
    expect(progress.at(-1)).toBe(100);
    expect(done).toMatchObject({ key: 'script/run_fb_12_b_1700000000000.py', name: 'run.py' });

    server.use(route.put('https://obs.example.test/blade/*', () => new HttpResponse(null, { status: 403 })));
    const failed = await new Promise<Error>((resolve, reject) => {
      objectUploadRequest({ file: script(), onSuccess: () => reject(new Error('succeeded')), onError: resolve });
    });
    expect(failed.message).toBe(OBS_UPLOAD_FAILED);
    expect(notifyError).toHaveBeenCalledWith(OBS_UPLOAD_FAILED);
  });
});

describe('downloads', () => {
  it('asks obsDetails for a presigned URL of the key', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.get('/gateway/blade-oss/oss/huawei/obsDetails', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ bucketName: 'blade', endpoint: '/oss', region: 'us-east-1', key: 'script/a.py', downloadUrl: '/oss/blade/000000/script/a.py?X-Amz-Signature=def', expiresIn: 900 });
      }),
    );
    expect(await objectDownloadUrl('script/a.py')).toBe('/oss/blade/000000/script/a.py?X-Amz-Signature=def');
    expect(seen[0].query).toEqual({ key: 'script/a.py' });
  });

  it('downloadObject follows a link to that URL named after the file', async () => {
    server.use(
      route.get('/gateway/blade-oss/oss/huawei/obsDetails', () =>
        envelope({ bucketName: 'blade', endpoint: '/oss', region: 'us-east-1', key: 'script/a.py', downloadUrl: '/oss/blade/000000/script/a.py?sig=1', expiresIn: 900 }),
      ),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await downloadObject('script/a.py');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe('/oss/blade/000000/script/a.py?sig=1');
    expect(clicked[0].download).toBe('a.py');
  });

  it('shows the server message when the key is unknown', async () => {
    server.use(route.get('/gateway/blade-oss/oss/huawei/obsDetails', () => envelope(null, 400, '文件不存在', 400)));
    await expect(objectDownloadUrl('script/none.py')).rejects.toBeInstanceOf(BladeError);
    expect(notifyError).toHaveBeenCalledWith('文件不存在');
  });
});

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

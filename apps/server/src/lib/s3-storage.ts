import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { isUploadKey, type UploadStorage } from './storage.ts';

/** `S3_URL`: `https://KEY_ID:SECRET@host[:port]/bucket[?region=…]`, path-style addressing. */
export function s3Settings(url: string): { bucket: string; client: S3ClientConfig } {
  const parsed = new URL(url);
  const bucket = decodeURIComponent(parsed.pathname.split('/').filter(Boolean)[0] ?? '');
  if (!bucket)
    throw new Error('S3_URL debe nombrar el bucket: https://clave:secreto@servidor/bucket');
  const credentials = parsed.username
    ? {
        accessKeyId: decodeURIComponent(parsed.username),
        secretAccessKey: decodeURIComponent(parsed.password),
      }
    : undefined;
  return {
    bucket,
    client: {
      endpoint: `${parsed.protocol}//${parsed.host}`,
      region: parsed.searchParams.get('region') ?? 'us-east-1',
      forcePathStyle: true,
      ...(credentials ? { credentials } : {}),
    },
  };
}

/** Uploads in one bucket. The SDK loads on first use: servers without S3_URL never pay for it. */
export function createS3Storage(url: string): UploadStorage {
  const { bucket, client: settings } = s3Settings(url);
  let connection: ReturnType<typeof connect> | undefined;
  async function connect() {
    const sdk = await import('@aws-sdk/client-s3');
    return { sdk, client: new sdk.S3Client(settings) };
  }
  const s3 = () => (connection ??= connect());
  return {
    async put(key, data) {
      if (!isUploadKey(key)) throw new Error(`clave de almacenamiento no válida: ${key}`);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      if (!isUploadKey(key)) return;
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

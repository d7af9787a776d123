// A lean HTTP client for timing API calls: node:http on one kept-alive connection. Node's fetch
// (undici) spends a few tenths of a millisecond of its own on every request, which at the
// millisecond targets of the entries benchmark would be measured as the server's.
import { createReadStream, statSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** A response handler that reads the whole body, then resolves with the answer. */
function collectAnswer(
  resolve: (answer: HttpAnswer) => void,
  reject: (error: Error) => void,
): (res: IncomingMessage) => void {
  return (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
    );
    res.on('error', reject);
  };
}

export function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = request(
      url,
      { method: options.method ?? 'GET', headers, agent },
      collectAnswer(resolve, reject),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface UploadAnswer extends HttpAnswer {
  /** `performance.now()` when the last byte of the body was handed to the socket. */
  uploadedAt: number;
}

/**
 * A multipart/form-data POST of text fields and one file, the file streamed from disk. The
 * benchmark's client shares the server's cores, and fetch's FormData upload costs it several
 * times the CPU of this one.
 */
export function uploadFile(
  url: string,
  options: {
    headers?: Record<string, string>;
    fields: Record<string, string>;
    file: { field: string; path: string; name: string };
  },
): Promise<UploadAnswer> {
  const boundary = `----ludoterm-bench-${Date.now().toString(36)}`;
  let head = '';
  for (const [name, value] of Object.entries(options.fields)) {
    head += `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  const { field, path, name } = options.file;
  head +=
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
    'content-type: application/octet-stream\r\n\r\n';
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const length = headBytes.length + statSync(path).size + tailBytes.length;
  return new Promise((resolve, reject) => {
    let uploadedAt = Number.NaN;
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...options.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      collectAnswer((answer) => resolve({ ...answer, uploadedAt }), reject),
    );
    req.on('finish', () => {
      uploadedAt = performance.now();
    });
    req.on('error', reject);
    req.write(headBytes);
    const file = createReadStream(path, { highWaterMark: 1024 * 1024 });
    file.on('error', (error) => req.destroy(error));
    file.on('end', () => req.end(tailBytes));
    file.pipe(req, { end: false });
  });
}

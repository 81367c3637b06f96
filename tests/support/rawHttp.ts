import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, e.g. '/api/user?x=1'. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * One request over plain node:http: any Host header, a GET with a body, bytes fetch would refuse
 * to send. A fresh connection each time (the server may close one after an error).
 */
export function sendRaw(base: string, sent: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${sent.url}`, {
      method: sent.method,
      headers: sent.headers,
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          text,
        }),
      );
    });
    req.end(sent.body);
  });
}

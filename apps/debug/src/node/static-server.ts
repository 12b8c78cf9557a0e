import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** A file served from memory instead of the folder. */
export interface StaticFile {
  /** The body. */
  readonly body: string;
  /** Its content type. */
  readonly type: string;
}

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /** The folder served; `/` is its `index.html`. */
  readonly root: string;
  /** Port; 0 (the default) picks a free one. */
  readonly port?: number | undefined;
  /** Interface to listen on. Default `127.0.0.1`: the debugger is for this machine only. */
  readonly host?: string | undefined;
  /** Extra files by URL path (e.g. `/preload.json`); they win over the folder. */
  readonly files?: Readonly<Record<string, StaticFile>> | undefined;
}

/** A running server. */
export interface StaticServer {
  /** `http://host:port/`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.jinja': 'text/plain; charset=utf-8',
};

/** The file under `root` for a URL path, or undefined when the path leaves `root`. */
export function resolveUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // No `..` at all (browsers resolve them before asking; anything else is probing).
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return undefined;
  const relative = normalize(decoded.endsWith('/') ? `${decoded}index.html` : decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

async function serveFile(root: string, files: Readonly<Record<string, StaticFile>>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const extra = files[path];
  if (extra !== undefined) {
    // Data given at start-up may change between runs; never let the browser keep it.
    response.writeHead(200, { 'content-type': extra.type, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : extra.body);
    return;
  }
  const file = resolveUnder(root, path);
  const found = file === undefined ? undefined : await stat(file).catch(() => undefined);
  if (file === undefined || found?.isFile() !== true) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const body = await readFile(file);
  response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * A tiny static file server (GET and HEAD only): enough to serve a built web app to a
 * local browser, with no server logic of its own.
 */
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const files = options.files ?? {};
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    serveFile(options.root, files, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${urlHost}:${port}/`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// A stand-in for an S3-compatible server on loopback, for tests with no network: path-style
// object PUT/GET/HEAD/DELETE, HeadBucket, and browser-style POST uploads whose policy it checks the
// way AWS documents it (signature by the SigV4 key chain, expiry, every condition, content-length-range).
// It proves our requests follow that protocol as written here, not that a given S3 server accepts them.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeObject {
  readonly body: Buffer;
  readonly contentType: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** AWS Signature Version 4's signing key: HMAC over date, region, service and "aws4_request". */
export function sigV4Key(secret: string, date: string, region: string, service = "s3"): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}

export async function startFakeS3(options: { bucket: string; accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, FakeObject>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((error) => xml(response, 500, "InternalError", String(error)));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://localhost");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== options.bucket) return xml(response, 404, "NoSuchBucket", "No such bucket");
    const body = await readBody(request);
    if (!key) {
      if (request.method === "HEAD") return response.writeHead(200).end();
      if (request.method === "POST") return formUpload(request, body, response);
      return xml(response, 405, "MethodNotAllowed", "Not here");
    }
    if (
      request.method !== "POST" &&
      !String(request.headers.authorization ?? "").includes(options.accessKeyId)
    ) {
      return xml(response, 403, "AccessDenied", "Unsigned request");
    }
    const found = objects.get(key);
    switch (request.method) {
      case "PUT": {
        const data = request.headers["content-encoding"]?.includes("aws-chunked") ? unchunk(body) : body;
        objects.set(key, { body: data, contentType: String(request.headers["content-type"] ?? "") });
        return response.writeHead(200, { etag: '"fake"' }).end();
      }
      case "HEAD":
        if (!found) return response.writeHead(404).end();
        return response
          .writeHead(200, { "content-length": found.body.length, "content-type": found.contentType })
          .end();
      case "GET": {
        if (!found) return xml(response, 404, "NoSuchKey", "The specified key does not exist.");
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ""));
        if (!range) return response.writeHead(200, { "content-type": found.contentType }).end(found.body);
        const [start, end] = [Number(range[1]), Number(range[2])];
        return response
          .writeHead(206, { "content-range": `bytes ${start}-${end}/${found.body.length}` })
          .end(found.body.subarray(start, end + 1));
      }
      case "DELETE":
        objects.delete(key);
        return response.writeHead(204).end();
    }
    return xml(response, 405, "MethodNotAllowed", "Not here");
  }

  function formUpload(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers["content-type"]));
    if (!boundary) return xml(response, 400, "InvalidRequest", "Not a form");
    const { fields, file } = parseForm(body, boundary[1] ?? boundary[2]);
    if (!file)
      return xml(response, 400, "InvalidArgument", "POST requires exactly one file upload per request.");
    const policy = fields.Policy ?? "";
    const [access, date, region] = (fields["X-Amz-Credential"] ?? "").split("/");
    const expected = hmac(sigV4Key(options.secretAccessKey, date ?? "", region ?? ""), policy).toString(
      "hex",
    );
    if (access !== options.accessKeyId || fields["X-Amz-Signature"] !== expected) {
      return xml(
        response,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match",
      );
    }
    const document = JSON.parse(Buffer.from(policy, "base64").toString("utf8"));
    if (Date.parse(document.expiration) < Date.now()) {
      return xml(response, 403, "AccessDenied", "Invalid according to Policy: Policy expired.");
    }
    for (const condition of document.conditions) {
      if (Array.isArray(condition) && condition[0] === "content-length-range") {
        if (file.length < condition[1])
          return xml(
            response,
            400,
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum allowed size",
          );
        if (file.length > condition[2])
          return xml(
            response,
            400,
            "EntityTooLarge",
            "Your proposed upload exceeds the maximum allowed size",
          );
        continue;
      }
      const [name, value] = Array.isArray(condition)
        ? [condition[1].slice(1), condition[2]]
        : Object.entries(condition)[0];
      const given = name === "bucket" ? options.bucket : fields[name];
      if (given !== value) return xml(response, 403, "AccessDenied", `Invalid according to Policy: ${name}`);
    }
    objects.set(fields.key, { body: file, contentType: "application/octet-stream" });
    return response.writeHead(204).end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The aws-chunked body encoding: hex size (with an optional signature), data, and trailers after the last. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.subarray(at, line).toString().split(";")[0], 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

function parseForm(body: Buffer, boundary: string) {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString();
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? "";
    if (/filename=/.test(headers)) file = Buffer.from(content);
    else fields[name] = content.toString();
    at = next;
  }
  return { fields, file };
}

function xml(response: ServerResponse, status: number, code: string, message: string) {
  response
    .writeHead(status, { "content-type": "application/xml" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

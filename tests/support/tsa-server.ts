import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/*
 * An RFC 3161 timestamp authority for tests: a real HTTP server on 127.0.0.1 that answers each
 * application/timestamp-query with `openssl ts -reply`, signed by a throwaway TSA certificate made
 * with openssl (a CA and a signer with the critical timeStamping extended key usage). Told to, it
 * refuses (HTTP 503) the next requests, as an authority that is down.
 */

export interface TsaServer {
  url: string;
  /** The authority's CA certificate (PEM file): what `openssl ts -verify -CAfile` trusts. */
  caFile: string;
  /** Queries answered with a token. */
  readonly stamped: number;
  /** Queries refused (503) while told to fail. */
  readonly refused: number;
  /** Answers the next `count` queries with 503. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const config = (dir: string) => `
[ tsa ]
default_tsa = tsa_config1

[ tsa_config1 ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

export async function startTsaServer(): Promise<TsaServer> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-tsa-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => run("openssl", args, { cwd: dir });
  await openssl(
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key"].concat([
      "-out",
      "ca.pem",
      "-days",
      "2",
      "-subj",
      "/CN=Test Timestamp CA",
    ]),
  );
  await writeFile(
    file("tsa.ext"),
    "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n",
  );
  await openssl(
    ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "tsa.key"].concat([
      "-out",
      "tsa.csr",
      "-subj",
      "/CN=Test Timestamp Authority",
    ]),
  );
  await openssl(
    ["x509", "-req", "-in", "tsa.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"].concat([
      "-out",
      "tsa.pem",
      "-days",
      "2",
      "-extfile",
      "tsa.ext",
    ]),
  );
  await writeFile(file("tsaserial"), "01\n");
  await writeFile(file("tsa.cnf"), config(dir));

  let failing = 0;
  let stamped = 0;
  let refused = 0;
  let sequence = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        if (request.method !== "POST" || request.headers["content-type"] !== "application/timestamp-query") {
          response.writeHead(415).end();
          return;
        }
        if (failing > 0) {
          failing -= 1;
          refused += 1;
          response.writeHead(503).end();
          return;
        }
        const name = `q${(sequence += 1)}`;
        await writeFile(file(`${name}.tsq`), Buffer.concat(chunks));
        await openssl(["ts", "-reply", "-config", "tsa.cnf", "-queryfile", `${name}.tsq`, "-out", `${name}.tsr`]);
        const reply = await readFile(file(`${name}.tsr`));
        stamped += 1;
        response.writeHead(200, { "content-type": "application/timestamp-reply", "content-length": reply.length }).end(reply);
      })().catch(() => response.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    caFile: file("ca.pem"),
    get stamped() {
      return stamped;
    },
    get refused() {
      return refused;
    },
    failNext(count) {
      failing = count;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

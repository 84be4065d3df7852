import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { S3Driver, type S3DriverOptions } from "../../lib/media/s3-driver";
import { newS3rver } from "./s3rver";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's fixed credentials; it verifies signatures (and presigned expiry) against them. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
  /** The store goes away (connections refused) with its objects kept, as an outage would. */
  pause(): Promise<void>;
  /** Back on the same port with the same objects. */
  resume(): Promise<void>;
}

/** An S3-compatible server in this process on 127.0.0.1, storing in a temp dir, with one bucket. */
export async function startTestS3Server(bucket = "media-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "walkthrough-s3rver-"));
  const listen = async (port: number) => {
    const server = newS3rver({ port, directory, bucket });
    return { server, port: (await server.run()).port };
  };
  let { server, port } = await listen(0);
  let running = true;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    stop: async () => {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
    pause: async () => {
      if (!running) return;
      running = false;
      const closed = server.close();
      // Requests in flight are cut off too: the store is gone, not draining.
      server.httpServer?.closeAllConnections();
      await closed;
    },
    resume: async () => {
      if (running) return;
      ({ server, port } = await listen(port));
      running = true;
    },
  };
}

/** An S3 driver on the test server; smaller transfer sizes make multipart cheap to exercise. */
export function s3DriverOn(server: TestS3Server, options: Partial<S3DriverOptions> = {}): S3Driver {
  return new S3Driver({
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    ...options,
  });
}

/** Keys in the test bucket under `prefix`, the driver's reserved `_tmp/` and `_parts/` included. */
export async function bucketKeys(server: TestS3Server, prefix: string): Promise<string[]> {
  const client = new S3Client({
    region: server.region,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((item) => item.Key!);
  } finally {
    client.destroy();
  }
}
